import { sql } from 'kysely';
import type { ControlPlaneDb } from './tables.js';

export const inFlightRepository = {
  /** Replaces this process's published counts (accounts with none are removed) and marks them fresh. */
  async publish(db: ControlPlaneDb, processId: string, counts: ReadonlyMap<number, number>, nowMs: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('api_in_flight').where('process_id', '=', processId).execute();
      const rows = [...counts].filter(([, count]) => count > 0);
      if (rows.length === 0) return;
      await tx
        .insertInto('api_in_flight')
        .values(rows.map(([accountId, count]) => ({ process_id: processId, account_id: accountId, in_flight: count, updated_at: nowMs })))
        .execute();
    });
  },

  /** In-flight requests per account of the other processes that published since `freshSinceMs`. */
  async othersSince(db: ControlPlaneDb, processId: string, freshSinceMs: number): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('api_in_flight')
      .select(['account_id', sql<number>`sum(in_flight)`.as('in_flight')])
      .where('process_id', '!=', processId)
      .where('updated_at', '>', freshSinceMs)
      .groupBy('account_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.account_id), Number(row.in_flight)]));
  },

  async remove(db: ControlPlaneDb, processId: string): Promise<void> {
    await db.deleteFrom('api_in_flight').where('process_id', '=', processId).execute();
  },
};
