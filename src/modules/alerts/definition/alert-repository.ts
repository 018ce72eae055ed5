import type { Selectable } from 'kysely';
import type { AlertsTable, ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { watermarkRepository } from '../../../detection/index.js';
import { ALERT_KIND, type Alert, type AlertDefinition } from './alert.js';

type AlertRow = Selectable<AlertsTable>;

function fromRow(row: AlertRow): Alert {
  const definition = JSON.parse(row.definition) as AlertDefinition;
  return {
    id: row.id,
    accountId: row.account_id,
    // The enabled column is the truth: enable/disable change it without rewriting the definition.
    definition: { ...definition, enabled: row.enabled === 1 },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

function toRow(alert: Alert): AlertRow {
  return {
    id: alert.id,
    account_id: alert.accountId,
    title: alert.definition.title,
    enabled: alert.definition.enabled ? 1 : 0,
    definition: JSON.stringify(alert.definition),
    created_at: alert.createdAt,
    updated_at: alert.updatedAt,
    created_by: alert.createdBy,
    updated_by: alert.updatedBy,
  };
}

export const alertRepository = {
  async insert(db: ControlPlaneDb, alert: Alert): Promise<void> {
    await db.insertInto('alerts').values(toRow(alert)).execute();
  },

  async update(db: ControlPlaneDb, alert: Alert): Promise<void> {
    const { id, account_id, created_at: _c, created_by: _b, ...rest } = toRow(alert);
    await db.updateTable('alerts').set(rest).where('id', '=', id).where('account_id', '=', account_id).execute();
  },

  async setEnabled(db: ControlPlaneDb, accountId: number, id: number, enabled: boolean, now: number, by: string): Promise<boolean> {
    const result = await db
      .updateTable('alerts')
      .set({ enabled: enabled ? 1 : 0, updated_at: now, updated_by: by })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /**
   * Forgets how far an alert was judged: an alert enabled again starts from the newest window instead of
   * replaying every window of the time it was off.
   */
  async resetWatermark(db: ControlPlaneDb, id: number): Promise<void> {
    await watermarkRepository.reset(db, ALERT_KIND, id);
  },

  async delete(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('alerts').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async get(db: ControlPlaneDb, accountId: number, id: number): Promise<Alert | undefined> {
    const row = await db.selectFrom('alerts').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async getById(db: ControlPlaneDb, id: number): Promise<Alert | undefined> {
    const row = await db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async list(db: ControlPlaneDb, accountId: number): Promise<Alert[]> {
    const rows = await db
      .selectFrom('alerts')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(fromRow);
  },

  async listEnabled(db: ControlPlaneDb): Promise<Alert[]> {
    const rows = await db.selectFrom('alerts').selectAll().where('enabled', '=', 1).orderBy('id').execute();
    return rows.map(fromRow);
  },
};
