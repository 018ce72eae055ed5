import { sql } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

export type FiltersOperator = 'AND' | 'OR';

export interface QueryFilter {
  readonly id: number;
  readonly accountId: number;
  readonly field: string;
  readonly value: string;
  readonly description: string | null;
}

export interface SharedTokenRecord {
  readonly id: number;
  readonly accountId: number;
  readonly name: string;
  readonly tokenHint: string;
  readonly filterIds: readonly number[];
  readonly filtersOperator: FiltersOperator;
  readonly expirationDate: number | null;
  readonly lastUsedAt: number | null;
  readonly createdAt: number;
}

/** What authenticating a shared token finds: the token, its filters and the account it reads. */
export interface SharedTokenOwnerRow {
  readonly tokenId: number;
  readonly filtersOperator: FiltersOperator;
  readonly expirationDate: number | null;
  readonly lastUsedAt: number | null;
  readonly accountId: number;
  readonly accountName: string;
  readonly region: string;
  readonly ownerAccountId: number | null;
  readonly accountType: string;
  readonly accountActive: boolean;
  readonly retentionDays: number;
  readonly granted: boolean;
}

const operatorOf = (value: string): FiltersOperator => (value === 'OR' ? 'OR' : 'AND');

async function filterIdsOf(db: ControlPlaneDb, tokenIds: readonly number[]): Promise<Map<number, number[]>> {
  const byToken = new Map<number, number[]>(tokenIds.map((id) => [id, []]));
  if (tokenIds.length === 0) return byToken;
  const links = await db
    .selectFrom('shared_token_filter_links')
    .select(['token_id', 'filter_id'])
    .where('token_id', 'in', [...tokenIds])
    .orderBy('token_id')
    .orderBy('position')
    .execute();
  for (const link of links) byToken.get(link.token_id)?.push(link.filter_id);
  return byToken;
}

export const sharedTokenRepository = {
  async insertFilter(db: ControlPlaneDb, filter: QueryFilter, now: number): Promise<void> {
    await db
      .insertInto('shared_token_filters')
      .values({
        id: filter.id,
        account_id: filter.accountId,
        field: filter.field,
        value: filter.value,
        description: filter.description,
        created_at: now,
      })
      .execute();
  },

  async listFilters(db: ControlPlaneDb, accountId: number, ids?: readonly number[]): Promise<QueryFilter[]> {
    let query = db.selectFrom('shared_token_filters').selectAll().where('account_id', '=', accountId);
    if (ids !== undefined) {
      if (ids.length === 0) return [];
      query = query.where('id', 'in', [...ids]);
    }
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => ({ id: row.id, accountId: row.account_id, field: row.field, value: row.value, description: row.description }));
  },

  async deleteFilter(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('shared_token_filters').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async tokensUsingFilter(db: ControlPlaneDb, filterId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('shared_token_filter_links')
      .select('token_id')
      .where('filter_id', '=', filterId)
      .orderBy('token_id')
      .execute();
    return rows.map((row) => row.token_id);
  },

  async insertToken(db: ControlPlaneDb, token: SharedTokenRecord, tokenHash: string): Promise<void> {
    await db
      .insertInto('shared_tokens')
      .values({
        id: token.id,
        account_id: token.accountId,
        name: token.name,
        token_hash: tokenHash,
        token_hint: token.tokenHint,
        filters_operator: token.filtersOperator,
        expiration_date: token.expirationDate,
        last_used_at: token.lastUsedAt,
        created_at: token.createdAt,
      })
      .execute();
    await sharedTokenRepository.replaceLinks(db, token.id, token.filterIds);
  },

  async replaceLinks(db: ControlPlaneDb, tokenId: number, filterIds: readonly number[]): Promise<void> {
    await db.deleteFrom('shared_token_filter_links').where('token_id', '=', tokenId).execute();
    if (filterIds.length === 0) return;
    await db
      .insertInto('shared_token_filter_links')
      .values(filterIds.map((filterId, position) => ({ token_id: tokenId, filter_id: filterId, position })))
      .execute();
  },

  async setOperator(db: ControlPlaneDb, tokenId: number, operator: FiltersOperator): Promise<void> {
    await db.updateTable('shared_tokens').set({ filters_operator: operator }).where('id', '=', tokenId).execute();
  },

  async listTokens(db: ControlPlaneDb, accountId: number, id?: number): Promise<SharedTokenRecord[]> {
    let query = db.selectFrom('shared_tokens').selectAll().where('account_id', '=', accountId);
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    const links = await filterIdsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      tokenHint: row.token_hint,
      filterIds: links.get(row.id) ?? [],
      filtersOperator: operatorOf(row.filters_operator),
      expirationDate: row.expiration_date,
      lastUsedAt: row.last_used_at,
      createdAt: row.created_at,
    }));
  },

  async deleteToken(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('shared_tokens').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** One SQL text, as API-token authentication is: it runs on every request made with a shared token. */
  async findOwnerByHash(db: ControlPlaneDb, tokenHash: string): Promise<SharedTokenOwnerRow | undefined> {
    const { rows } = await sql<{
      token_id: number;
      filters_operator: string;
      expiration_date: number | string | null;
      last_used_at: number | string | null;
      account_id: number;
      account_name: string;
      region: string;
      owner_account_id: number | null;
      account_type: string;
      active: number;
      retention_days: number;
      granted: number;
    }>`
      SELECT t.id AS token_id, t.filters_operator AS filters_operator, t.expiration_date AS expiration_date,
             t.last_used_at AS last_used_at, a.id AS account_id, a.name AS account_name, a.region AS region,
             a.owner_account_id AS owner_account_id, a.account_type AS account_type, a.active AS active,
             a.retention_days AS retention_days,
             (SELECT COUNT(*) FROM account_feature_grants g WHERE g.account_id = a.id AND g.feature = 'shared-tokens') AS granted
      FROM shared_tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.token_hash = ${tokenHash}`.execute(db);
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      tokenId: row.token_id,
      filtersOperator: operatorOf(row.filters_operator),
      expirationDate: row.expiration_date === null ? null : Number(row.expiration_date),
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      accountId: row.account_id,
      accountName: row.account_name,
      region: row.region,
      ownerAccountId: row.owner_account_id,
      accountType: row.account_type,
      accountActive: row.active === 1,
      retentionDays: row.retention_days,
      granted: Number(row.granted) > 0,
    };
  },

  async filtersOfToken(db: ControlPlaneDb, tokenId: number): Promise<{ field: string; value: string }[]> {
    return db
      .selectFrom('shared_token_filter_links as l')
      .innerJoin('shared_token_filters as f', 'f.id', 'l.filter_id')
      .select(['f.field', 'f.value'])
      .where('l.token_id', '=', tokenId)
      .orderBy('l.position')
      .execute();
  },

  async touch(db: ControlPlaneDb, tokenId: number, now: number): Promise<void> {
    await db.updateTable('shared_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
  },
};
