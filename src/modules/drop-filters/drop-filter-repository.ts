import { sql, type Selectable } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { DropFilter, FieldCondition } from './drop-filter.js';
import type { DropFiltersTable } from './drop-filter-tables.js';

type Row = Selectable<DropFiltersTable>;

function fromRow(row: Row): DropFilter {
  return {
    id: row.id,
    accountId: row.account_id,
    active: row.active === 1,
    logType: row.log_type ?? undefined,
    description: row.description ?? undefined,
    fieldConditions: JSON.parse(row.field_conditions) as FieldCondition[],
    thresholdInGB: row.threshold_gb ?? undefined,
    droppedLogs: Number(row.dropped_logs),
    droppedBytes: Number(row.dropped_bytes),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** What one ingest process counted for a filter since its last flush. */
export interface DropCounts {
  readonly filterId: string;
  readonly day: number;
  readonly droppedLogs: number;
  readonly droppedBytes: number;
  readonly matchedBytes: number;
}

/** Every change bumps the generation in the same transaction: ingest processes reload when it moved. */
async function bump(db: ControlPlaneDb): Promise<void> {
  await db
    .updateTable('drop_filter_generation')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export const dropFilterRepository = {
  async insert(db: ControlPlaneDb, filter: DropFilter): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('drop_filters')
        .values({
          id: filter.id,
          account_id: filter.accountId,
          active: filter.active ? 1 : 0,
          log_type: filter.logType ?? null,
          description: filter.description ?? null,
          field_conditions: JSON.stringify(filter.fieldConditions),
          threshold_gb: filter.thresholdInGB ?? null,
          dropped_logs: 0,
          dropped_bytes: 0,
          created_at: filter.createdAt,
          updated_at: filter.updatedAt,
        })
        .execute();
      await bump(tx);
    });
  },

  async list(db: ControlPlaneDb, accountId: number): Promise<DropFilter[]> {
    const rows = await db
      .selectFrom('drop_filters')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(fromRow);
  },

  async get(db: ControlPlaneDb, accountId: number, id: string): Promise<DropFilter | undefined> {
    const row = await db.selectFrom('drop_filters').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  /** Sets the active flag; false when the account has no such filter. */
  async setActive(db: ControlPlaneDb, accountId: number, id: string, active: boolean, now: number): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('drop_filters')
        .set({ active: active ? 1 : 0, updated_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await bump(tx);
      return true;
    });
  },

  async delete(db: ControlPlaneDb, accountId: number, id: string): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const result = await tx.deleteFrom('drop_filters').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await bump(tx);
      return true;
    });
  },

  async generation(db: ControlPlaneDb): Promise<number> {
    const row = await db.selectFrom('drop_filter_generation').select('generation').where('id', '=', 1).executeTakeFirst();
    return Number(row?.generation ?? 0);
  },

  /** Every active filter of every account, with what each matched on `day` (its threshold's measure). */
  async listActive(db: ControlPlaneDb, day: number): Promise<{ filter: DropFilter; matchedBytes: number }[]> {
    const rows = await db
      .selectFrom('drop_filters')
      .leftJoin('drop_filter_days', (join) =>
        join.onRef('drop_filter_days.filter_id', '=', 'drop_filters.id').on('drop_filter_days.day', '=', day),
      )
      .selectAll('drop_filters')
      .select('drop_filter_days.matched_bytes')
      .where('drop_filters.active', '=', 1)
      .execute();
    return rows.map((row) => ({ filter: fromRow(row), matchedBytes: Number(row.matched_bytes ?? 0) }));
  },

  /** Adds one process's counts; counts of a filter deleted meanwhile are dropped with it. */
  async addCounts(db: ControlPlaneDb, counts: readonly DropCounts[]): Promise<void> {
    if (counts.length === 0) return;
    await db.transaction().execute(async (tx) => {
      for (const count of counts) {
        await tx
          .updateTable('drop_filters')
          .set((eb) => ({
            dropped_logs: eb('dropped_logs', '+', count.droppedLogs),
            dropped_bytes: eb('dropped_bytes', '+', count.droppedBytes),
          }))
          .where('id', '=', count.filterId)
          .execute();
        if (count.matchedBytes === 0) continue;
        await sql`insert into drop_filter_days (filter_id, day, matched_bytes)
          select ${count.filterId}, ${count.day}, ${count.matchedBytes} where exists (select 1 from drop_filters where id = ${count.filterId})
          on conflict (filter_id, day) do update set matched_bytes = drop_filter_days.matched_bytes + excluded.matched_bytes`.execute(tx);
      }
    });
  },
};
