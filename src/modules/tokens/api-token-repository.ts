import { sql, type Selectable } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { ApiTokensTable } from './token-tables.js';

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
  readonly accountRetentionDays: number;
}

interface OwnerRow {
  readonly token_id: number;
  readonly account_id: number;
  readonly account_name: string;
  readonly region: string;
  readonly owner_account_id: number | null;
  readonly account_type: string;
  readonly retention_days: number;
  readonly active: number;
}

function fromRow(row: Selectable<ApiTokensTable>): ApiTokenRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
  };
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

  /**
   * Runs on every authenticated request, first thing after a search's engine work has left the CPU caches cold:
   * written as one SQL text, it skips the query builder's work, which cold costs as much as the lookup itself.
   */
  async findOwnerByHash(db: ControlPlaneDb, tokenHash: string): Promise<ApiTokenOwner | undefined> {
    const { rows } = await sql<OwnerRow>`
      SELECT t.id AS token_id, a.id AS account_id, a.name AS account_name, a.region AS region,
             a.owner_account_id AS owner_account_id, a.account_type AS account_type, a.active AS active,
             a.retention_days AS retention_days
      FROM api_tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.token_hash = ${tokenHash}`.execute(db);
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      tokenId: row.token_id,
      accountId: row.account_id,
      accountName: row.account_name,
      region: row.region,
      ownerAccountId: row.owner_account_id,
      accountType: row.account_type,
      accountActive: row.active === 1,
      accountRetentionDays: row.retention_days,
    };
  },

  async listByAccount(db: ControlPlaneDb, accountId: number): Promise<ApiTokenRecord[]> {
    const rows = await db
      .selectFrom('api_tokens')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(fromRow);
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
