import type { Selectable } from 'kysely';
import type { ControlPlaneDb, ShippingTokensTable } from '../../storage/control-plane/index.js';

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

  async listByAccount(db: ControlPlaneDb, accountId: number): Promise<ShippingToken[]> {
    const rows = await db.selectFrom('shipping_tokens').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
    return rows.map(fromRow);
  },

  async delete(db: ControlPlaneDb, id: number, accountId?: number): Promise<boolean> {
    let query = db.deleteFrom('shipping_tokens').where('id', '=', id);
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  },
};
