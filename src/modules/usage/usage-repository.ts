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

  /** Creates the day's grant row, starting from the bytes already accepted that day (a process upgraded mid-day). */
  async ensureGrantRow(db: ControlPlaneDb, accountId: number, day: number): Promise<void> {
    await db
      .insertInto('daily_cap_grants')
      .values({
        account_id: accountId,
        day,
        granted_bytes: sql<number>`coalesce((select accepted_bytes from daily_usage where account_id = ${accountId} and day = ${day}), 0)`,
      })
      .onConflict((oc) => oc.columns(['account_id', 'day']).doNothing())
      .execute();
  },

  /** Grants `bytes` when the day's grants stay within `capBytes`; one atomic update, so concurrent grants never pass it. */
  async tryGrant(db: ControlPlaneDb, accountId: number, day: number, bytes: number, capBytes: number): Promise<boolean> {
    const result = await db
      .updateTable('daily_cap_grants')
      .set({ granted_bytes: sql<number>`granted_bytes + ${bytes}` })
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .where(sql<boolean>`granted_bytes + ${bytes} <= ${capBytes}`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Gives back bytes granted but never used (a process stopping). */
  async returnGrant(db: ControlPlaneDb, accountId: number, day: number, bytes: number): Promise<void> {
    await db
      .updateTable('daily_cap_grants')
      .set({ granted_bytes: sql<number>`case when granted_bytes > ${bytes} then granted_bytes - ${bytes} else 0 end` })
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .execute();
  },

  async grantedBytes(db: ControlPlaneDb, accountId: number, day: number): Promise<number> {
    const row = await db
      .selectFrom('daily_cap_grants')
      .select('granted_bytes')
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .executeTakeFirst();
    return Number(row?.granted_bytes ?? 0);
  },
};
