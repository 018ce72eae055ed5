import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

export interface ApiTokenRecord {
  readonly id: number;
  readonly accountId: number;
  readonly name: string;
  readonly createdAt: number;
  readonly createdBy: string | null;
  readonly lastUsedAt: number | null;
}

/** The account a token resolves to, with what the HTTP edge needs to authorise the request. */
export interface ApiTokenOwner {
  readonly tokenId: number;
  readonly accountId: number;
  readonly accountName: string;
  readonly region: string;
  readonly ownerAccountId: number | null;
  readonly accountType: string;
  readonly accountActive: boolean;
}

export const apiTokenRepository = {
  async insert(db: ControlPlaneDb, record: ApiTokenRecord, tokenHash: string): Promise<void> {
    await db
      .insertInto('api_tokens')
      .values({
        id: record.id,
        account_id: record.accountId,
        name: record.name,
        token_hash: tokenHash,
        created_at: record.createdAt,
        created_by: record.createdBy,
        last_used_at: record.lastUsedAt,
      })
      .execute();
  },

  async findOwnerByHash(db: ControlPlaneDb, tokenHash: string): Promise<ApiTokenOwner | undefined> {
    const row = await db
      .selectFrom('api_tokens')
      .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
      .select([
        'api_tokens.id as token_id',
        'accounts.id as account_id',
        'accounts.name as account_name',
        'accounts.region as region',
        'accounts.owner_account_id as owner_account_id',
        'accounts.account_type as account_type',
        'accounts.active as active',
      ])
      .where('api_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      tokenId: row.token_id,
      accountId: row.account_id,
      accountName: row.account_name,
      region: row.region,
      ownerAccountId: row.owner_account_id,
      accountType: row.account_type,
      accountActive: row.active === 1,
    };
  },

  async listByAccount(db: ControlPlaneDb, accountId: number): Promise<ApiTokenRecord[]> {
    const rows = await db.selectFrom('api_tokens').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      createdAt: row.created_at,
      createdBy: row.created_by,
      lastUsedAt: row.last_used_at,
    }));
  },

  async delete(db: ControlPlaneDb, id: number, accountId?: number): Promise<boolean> {
    let query = db.deleteFrom('api_tokens').where('id', '=', id);
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** Who created the token (an e-mail for tokens made by a user or the bootstrap), or null. */
  async createdBy(db: ControlPlaneDb, id: number): Promise<string | null> {
    const row = await db.selectFrom('api_tokens').select('created_by').where('id', '=', id).executeTakeFirst();
    return row?.created_by ?? null;
  },

  async touch(db: ControlPlaneDb, id: number, now: number): Promise<void> {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
  },
};
