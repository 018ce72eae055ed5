import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

export const signInFailureRepository = {
  /** Failure times per key after `sinceMs`, oldest first. */
  async since(db: ControlPlaneDb, keys: readonly string[], sinceMs: number): Promise<Map<string, number[]>> {
    const byKey = new Map<string, number[]>();
    if (keys.length === 0) return byKey;
    const rows = await db
      .selectFrom('sign_in_failures')
      .select(['key', 'at'])
      .where('key', 'in', [...keys])
      .where('at', '>', sinceMs)
      .orderBy('at', 'asc')
      .execute();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), Number(row.at)]);
    return byKey;
  },

  async insert(db: ControlPlaneDb, keys: readonly string[], atMs: number): Promise<void> {
    if (keys.length === 0) return;
    await db
      .insertInto('sign_in_failures')
      .values(keys.map((key) => ({ key, at: atMs })))
      .execute();
  },

  async deleteOlderThan(db: ControlPlaneDb, beforeMs: number): Promise<void> {
    await db.deleteFrom('sign_in_failures').where('at', '<=', beforeMs).execute();
  },

  async deleteKey(db: ControlPlaneDb, key: string): Promise<void> {
    await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
  },
};
