import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

/** What a valid session cookie resolves to: the session, the membership and the account in one read. */
export interface SessionRow {
  readonly userId: number;
  readonly email: string;
  readonly accountId: number;
  readonly accountName: string;
  readonly region: string;
  readonly ownerAccountId: number | null;
  readonly accountType: string;
  readonly retentionDays: number;
  readonly accountActive: boolean;
  readonly role: string;
  readonly suspended: boolean;
  readonly csrfToken: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export const sessionRepository = {
  async insertSession(
    db: ControlPlaneDb,
    session: { idHash: string; userId: number; accountId: number; csrfToken: string; createdAt: number; expiresAt: number },
  ): Promise<void> {
    await db
      .insertInto('web_sessions')
      .values({
        id_hash: session.idHash,
        user_id: session.userId,
        account_id: session.accountId,
        csrf_token: session.csrfToken,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
  },

  /** The session with its membership; none when the session or the membership is gone (a deleted user). */
  async findSession(db: ControlPlaneDb, idHash: string): Promise<SessionRow | undefined> {
    const row = await db
      .selectFrom('web_sessions')
      .innerJoin('account_users', (join) =>
        join.onRef('account_users.user_id', '=', 'web_sessions.user_id').onRef('account_users.account_id', '=', 'web_sessions.account_id'),
      )
      .innerJoin('users', 'users.id', 'web_sessions.user_id')
      .innerJoin('accounts', 'accounts.id', 'web_sessions.account_id')
      .select([
        'web_sessions.user_id',
        'users.username',
        'web_sessions.account_id',
        'accounts.name as account_name',
        'accounts.region',
        'accounts.owner_account_id',
        'accounts.account_type',
        'accounts.retention_days',
        'accounts.active',
        'account_users.role',
        'account_users.suspended',
        'web_sessions.csrf_token',
        'web_sessions.created_at',
        'web_sessions.expires_at',
      ])
      .where('web_sessions.id_hash', '=', idHash)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      userId: row.user_id,
      email: row.username,
      accountId: row.account_id,
      accountName: row.account_name,
      region: row.region,
      ownerAccountId: row.owner_account_id,
      accountType: row.account_type,
      retentionDays: Number(row.retention_days),
      accountActive: Number(row.active) === 1,
      role: row.role,
      suspended: Number(row.suspended) === 1,
      csrfToken: row.csrf_token,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
    };
  },

  async deleteSession(db: ControlPlaneDb, idHash: string): Promise<void> {
    await db.deleteFrom('web_sessions').where('id_hash', '=', idHash).execute();
  },

  async deleteExpired(db: ControlPlaneDb, now: number): Promise<void> {
    await db.deleteFrom('web_sessions').where('expires_at', '<=', now).execute();
  },

  async getPasswordHash(db: ControlPlaneDb, userId: number): Promise<string | undefined> {
    const row = await db.selectFrom('user_passwords').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
    return row?.password_hash;
  },

  async setPasswordHash(db: ControlPlaneDb, userId: number, passwordHash: string, now: number): Promise<void> {
    await db
      .insertInto('user_passwords')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
      .execute();
  },

  /** A new password ends the person's other sessions. */
  async deleteSessionsOfUser(db: ControlPlaneDb, userId: number): Promise<void> {
    await db.deleteFrom('web_sessions').where('user_id', '=', userId).execute();
  },

  /** Ends the person's sessions in one account (a suspension or removal there, decision 0602). */
  async deleteSessionsOfMembership(db: ControlPlaneDb, accountId: number, userId: number): Promise<void> {
    await db.deleteFrom('web_sessions').where('user_id', '=', userId).where('account_id', '=', accountId).execute();
  },

  async insertInvite(
    db: ControlPlaneDb,
    invite: { tokenHash: string; userId: number; accountId: number; createdAt: number; expiresAt: number },
  ): Promise<void> {
    await db
      .insertInto('user_invites')
      .values({
        token_hash: invite.tokenHash,
        user_id: invite.userId,
        account_id: invite.accountId,
        created_at: invite.createdAt,
        expires_at: invite.expiresAt,
        used_at: null,
      })
      .execute();
  },

  /** The invite when it is still open (unused, unexpired): its person and the account that issued it. */
  async findOpenInvite(db: ControlPlaneDb, tokenHash: string, now: number): Promise<{ userId: number; accountId: number } | undefined> {
    const row = await db
      .selectFrom('user_invites')
      .select(['user_id', 'account_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (row === undefined || row.used_at !== null || Number(row.expires_at) <= now) return undefined;
    return { userId: row.user_id, accountId: row.account_id };
  },

  /** The account that issued an invite, as the user policy sees a caller; none when it was deleted since. */
  async issuerOf(db: ControlPlaneDb, accountId: number): Promise<{ accountId: number; ownerAccountId: number | null } | undefined> {
    const row = await db.selectFrom('accounts').select(['id', 'owner_account_id']).where('id', '=', accountId).executeTakeFirst();
    return row === undefined ? undefined : { accountId: row.id, ownerAccountId: row.owner_account_id };
  },

  /** Marks the invite used if it is still open; false when another request used it first. */
  async useInvite(db: ControlPlaneDb, tokenHash: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('user_invites')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
