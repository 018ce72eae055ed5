import type { Selectable } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { ShippingTokensTable } from './token-tables.js';

export interface ShippingToken {
  readonly id: number;
  readonly accountId: number;
  readonly name: string;
  readonly token: string;
  readonly enabled: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly createdBy: string | null;
  readonly updatedBy: string | null;
}

function fromRow(row: Selectable<ShippingTokensTable>): ShippingToken {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    token: row.token,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

export interface ShippingTokenSearch {
  readonly accountId: number;
  readonly enabled: boolean | undefined;
  readonly sort: readonly { readonly field: 'createdAt' | 'name'; readonly descending: boolean }[];
  readonly offset: number;
  readonly limit: number;
}

const SORT_COLUMN = { createdAt: 'created_at', name: 'name' } as const;

export const shippingTokenRepository = {
  async insert(db: ControlPlaneDb, token: ShippingToken): Promise<void> {
    await db
      .insertInto('shipping_tokens')
      .values({
        id: token.id,
        account_id: token.accountId,
        name: token.name,
        token: token.token,
        enabled: token.enabled ? 1 : 0,
        created_at: token.createdAt,
        updated_at: token.updatedAt,
        created_by: token.createdBy,
        updated_by: token.updatedBy,
      })
      .execute();
  },

  async update(db: ControlPlaneDb, token: ShippingToken): Promise<void> {
    await db
      .updateTable('shipping_tokens')
      .set({ name: token.name, enabled: token.enabled ? 1 : 0, updated_at: token.updatedAt, updated_by: token.updatedBy })
      .where('id', '=', token.id)
      .execute();
  },

  async findByToken(db: ControlPlaneDb, token: string): Promise<ShippingToken | undefined> {
    const row = await db.selectFrom('shipping_tokens').selectAll().where('token', '=', token).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async get(db: ControlPlaneDb, id: number): Promise<ShippingToken | undefined> {
    const row = await db.selectFrom('shipping_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async countEnabled(db: ControlPlaneDb, accountId: number): Promise<number> {
    const row = await db
      .selectFrom('shipping_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** One page of the account's tokens and the count of all that match. */
  async search(db: ControlPlaneDb, search: ShippingTokenSearch): Promise<{ total: number; tokens: ShippingToken[] }> {
    let base = db.selectFrom('shipping_tokens').where('account_id', '=', search.accountId);
    if (search.enabled !== undefined) base = base.where('enabled', '=', search.enabled ? 1 : 0);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let page = base.selectAll();
    for (const { field, descending } of search.sort) page = page.orderBy(SORT_COLUMN[field], descending ? 'desc' : 'asc');
    const rows = await page.orderBy('created_at').orderBy('id').limit(search.limit).offset(search.offset).execute();
    return { total: Number(counted.count), tokens: rows.map(fromRow) };
  },

  async listByAccount(db: ControlPlaneDb, accountId: number): Promise<ShippingToken[]> {
    const rows = await db
      .selectFrom('shipping_tokens')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(fromRow);
  },

  async delete(db: ControlPlaneDb, id: number, accountId?: number): Promise<boolean> {
    let query = db.deleteFrom('shipping_tokens').where('id', '=', id);
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  },
};
