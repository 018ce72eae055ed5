import type { Selectable } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { ArchiveDestination, ArchiveSettings, Restore, RestoreStatus } from './archive.js';
import type { ArchiveRestoresTable, ArchiveSettingsTable } from './archive-tables.js';

const optionalNumber = (value: number | null): number | undefined => (value === null ? undefined : Number(value));

function settingsFromRow(row: Selectable<ArchiveSettingsTable>): ArchiveSettings {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    enabled: row.enabled === 1,
    compressed: row.compressed === 1,
    destination: JSON.parse(row.destination) as ArchiveDestination,
    sealedKeys: row.sealed_keys ?? undefined,
    accessKeyHint: row.access_key_hint ?? undefined,
    status: {
      archivedThroughMs: Number(row.archived_through),
      lastArchivedAt: optionalNumber(row.last_archived_at),
      lastError: row.last_error ?? undefined,
      lastErrorAt: optionalNumber(row.last_error_at),
    },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function restoreFromRow(row: Selectable<ArchiveRestoresTable>): Restore {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    archiveId: Number(row.archive_id),
    accountName: row.account_name,
    restoredAccountId: optionalNumber(row.restored_account_id),
    status: row.status as RestoreStatus,
    startMs: Number(row.start_ms),
    endMs: Number(row.end_ms),
    restoredBytes: Number(row.restored_bytes),
    restoredLogs: Number(row.restored_logs),
    createdAt: Number(row.created_at),
    startedAt: optionalNumber(row.started_at),
    finishedAt: optionalNumber(row.finished_at),
    expiresAt: optionalNumber(row.expires_at),
    error: row.error ?? undefined,
    doneThroughKey: row.done_through_key ?? undefined,
  };
}

/** What create and update write; the status columns belong to the archive pass. */
function settingsColumns(settings: ArchiveSettings) {
  return {
    storage_type: settings.destination.kind,
    enabled: settings.enabled ? 1 : 0,
    compressed: settings.compressed ? 1 : 0,
    destination: JSON.stringify(settings.destination),
    sealed_keys: settings.sealedKeys ?? null,
    access_key_hint: settings.accessKeyHint ?? null,
    updated_at: settings.updatedAt,
  };
}

export const archiveRepository = {
  async insert(db: ControlPlaneDb, settings: ArchiveSettings): Promise<void> {
    await db
      .insertInto('archive_settings')
      .values({
        id: settings.id,
        account_id: settings.accountId,
        ...settingsColumns(settings),
        archived_through: settings.status.archivedThroughMs,
        last_archived_at: null,
        last_error: null,
        last_error_at: null,
        created_at: settings.createdAt,
      })
      .execute();
  },

  async update(db: ControlPlaneDb, settings: ArchiveSettings): Promise<boolean> {
    const result = await db
      .updateTable('archive_settings')
      .set(settingsColumns(settings))
      .where('account_id', '=', settings.accountId)
      .where('id', '=', settings.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async list(db: ControlPlaneDb, accountId: number): Promise<ArchiveSettings[]> {
    const rows = await db.selectFrom('archive_settings').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map(settingsFromRow);
  },

  async get(db: ControlPlaneDb, accountId: number, id: number): Promise<ArchiveSettings | undefined> {
    const row = await db
      .selectFrom('archive_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : settingsFromRow(row);
  },

  async getById(db: ControlPlaneDb, id: number): Promise<ArchiveSettings | undefined> {
    const row = await db.selectFrom('archive_settings').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : settingsFromRow(row);
  },

  async delete(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('archive_settings').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    // The dropped logs kept for it go with it: there is nowhere left to write them (decision 0705).
    await db.deleteFrom('archive_dropped_logs').where('account_id', '=', accountId).where('archive_id', '=', id).execute();
    return Number(result.numDeletedRows) > 0;
  },

  /** Every enabled archive of every account, for the archive pass. */
  async listEnabled(db: ControlPlaneDb): Promise<ArchiveSettings[]> {
    const rows = await db.selectFrom('archive_settings').selectAll().where('enabled', '=', 1).orderBy('id').execute();
    return rows.map(settingsFromRow);
  },

  /** Records hours archived (the watermark only moves forward) or the pass's error. */
  async recordPass(db: ControlPlaneDb, id: number, now: number, outcome: { archivedThroughMs: number; error: string | undefined }) {
    await db
      .updateTable('archive_settings')
      .set({
        archived_through: outcome.archivedThroughMs,
        last_archived_at: now,
        ...(outcome.error === undefined ? {} : { last_error: outcome.error, last_error_at: now }),
      })
      .where('id', '=', id)
      .where('archived_through', '<=', outcome.archivedThroughMs)
      .execute();
  },

  async insertRestore(db: ControlPlaneDb, restore: Restore): Promise<void> {
    await db
      .insertInto('archive_restores')
      .values({
        id: restore.id,
        account_id: restore.accountId,
        archive_id: restore.archiveId,
        account_name: restore.accountName,
        restored_account_id: restore.restoredAccountId ?? null,
        status: restore.status,
        start_ms: restore.startMs,
        end_ms: restore.endMs,
        restored_bytes: 0,
        restored_logs: 0,
        created_at: restore.createdAt,
        started_at: null,
        finished_at: null,
        expires_at: null,
        error: null,
        done_through_key: null,
      })
      .execute();
  },

  async listRestores(db: ControlPlaneDb, accountId: number): Promise<Restore[]> {
    const rows = await db
      .selectFrom('archive_restores')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(restoreFromRow);
  },

  async getRestore(db: ControlPlaneDb, id: number): Promise<Restore | undefined> {
    const row = await db.selectFrom('archive_restores').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : restoreFromRow(row);
  },

  /** Restores whose restored account is due to expire. */
  async listExpired(db: ControlPlaneDb, now: number): Promise<Restore[]> {
    const rows = await db
      .selectFrom('archive_restores')
      .selectAll()
      .where('status', '=', 'ACTIVE')
      .where('expires_at', '<=', now)
      .execute();
    return rows.map(restoreFromRow);
  },

  /**
   * Moves a restore on, only from the statuses given (a restore aborted meanwhile stays aborted): true when it moved.
   */
  async transition(
    db: ControlPlaneDb,
    id: number,
    from: readonly RestoreStatus[],
    change: Partial<{
      status: RestoreStatus;
      restored_account_id: number | null;
      restored_bytes: number;
      restored_logs: number;
      started_at: number;
      finished_at: number;
      expires_at: number | null;
      error: string | null;
      done_through_key: string;
    }>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('archive_restores')
      .set(change)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
