import { sql } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

export interface UsageDelta {
  readonly accountId: number;
  /** Start of the UTC day, epoch ms. */
  readonly day: number;
  readonly acceptedBytes: number;
  readonly refusedBytes: number;
}

export interface DailyUsageRow {
  readonly day: number;
  readonly acceptedBytes: number;
  readonly refusedBytes: number;
}

export const usageRepository = {
  /** Adds the deltas to the stored totals, one upsert per row; the caller runs it in a transaction. */
  async addDeltas(db: ControlPlaneDb, deltas: readonly UsageDelta[]): Promise<void> {
    for (const delta of deltas) {
      await db
        .insertInto('daily_usage')
        .values({ account_id: delta.accountId, day: delta.day, accepted_bytes: delta.acceptedBytes, refused_bytes: delta.refusedBytes })
        .onConflict((oc) =>
          oc.columns(['account_id', 'day']).doUpdateSet({
            accepted_bytes: sql<number>`daily_usage.accepted_bytes + excluded.accepted_bytes`,
            refused_bytes: sql<number>`daily_usage.refused_bytes + excluded.refused_bytes`,
          }),
        )
        .execute();
    }
  },

  async listSince(db: ControlPlaneDb, accountId: number, fromDay: number): Promise<DailyUsageRow[]> {
    const rows = await db
      .selectFrom('daily_usage')
      .select(['day', 'accepted_bytes', 'refused_bytes'])
      .where('account_id', '=', accountId)
      .where('day', '>=', fromDay)
      .orderBy('day', 'asc')
      .execute();
    return rows.map((row) => ({
      day: Number(row.day),
      acceptedBytes: Number(row.accepted_bytes),
      refusedBytes: Number(row.refused_bytes),
    }));
  },
};
