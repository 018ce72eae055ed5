import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

export const sessionRevocationRepository = {
  async insert(db: ControlPlaneDb, revocation: { id: number; accountId: number; reason: string; revokedAt: number }): Promise<void> {
    await db
      .insertInto('session_revocations')
      .values({ id: revocation.id, account_id: revocation.accountId, reason: revocation.reason, revoked_at: revocation.revokedAt })
      .execute();
  },

  /** When the account's sessions were last ended, or null if never. */
  async latest(db: ControlPlaneDb, accountId: number): Promise<number | null> {
    const row = await db
      .selectFrom('session_revocations')
      .select((eb) => eb.fn.max('revoked_at').as('revoked_at'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.revoked_at === undefined || row.revoked_at === null ? null : Number(row.revoked_at);
  },
};
