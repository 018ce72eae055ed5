import type { ControlPlaneDb } from './tables.js';

/** The control plane's own settings (`key_value`): values a cluster's processes must agree on. */
export const keyValueRepository = {
  async get(db: ControlPlaneDb, key: string): Promise<string | undefined> {
    const row = await db.selectFrom('key_value').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },

  /** Writes the value unless the key has one; answers the value the store keeps (the first writer's). */
  async putIfAbsent(db: ControlPlaneDb, key: string, value: string): Promise<string> {
    await db
      .insertInto('key_value')
      .values({ key, value })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const kept = await keyValueRepository.get(db, key);
    if (kept === undefined) throw new Error(`key_value ${key} vanished after it was written`);
    return kept;
  },

  /**
   * Takes a row lock on `key` until the transaction ends (creating the row when missing), so that concurrent
   * first starts run one after the other: an upsert that updates locks the row on PostgreSQL, and SQLite's writer
   * lock serialises it anyway.
   */
  async lock(tx: ControlPlaneDb, key: string): Promise<void> {
    await tx
      .insertInto('key_value')
      .values({ key, value: 'lock' })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: 'lock' }))
      .execute();
  },
};
