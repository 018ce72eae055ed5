import type { ControlPlaneDb } from './tables.js';

/** One key's statements as published: counts, and when it was last given a slot (wall-clock ms). */
export interface PublishedStatements {
  readonly running: number;
  readonly waitingForSlot: number;
  readonly servedAt?: number;
}

/** One process's statements of one key, as read back. */
export interface PublishedRow extends PublishedStatements {
  readonly processId: string;
  readonly key: string;
}

export const engineStatementsRepository = {
  /** Replaces this process's published counts (keys it no longer holds are removed) and marks them fresh. */
  async publish(db: ControlPlaneDb, processId: string, byKey: ReadonlyMap<string, PublishedStatements>, nowMs: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('engine_statements').where('process_id', '=', processId).execute();
      if (byKey.size === 0) return;
      await tx
        .insertInto('engine_statements')
        .values(
          [...byKey].map(([key, load]) => ({
            process_id: processId,
            share_key: key,
            running: load.running,
            waiting_for_slot: load.waitingForSlot,
            served_at: load.servedAt ?? null,
            updated_at: nowMs,
          })),
        )
        .execute();
    });
  },

  /** The other processes' rows (one per process and key), of those that published since `freshSinceMs`. */
  async othersSince(db: ControlPlaneDb, processId: string, freshSinceMs: number): Promise<PublishedRow[]> {
    const rows = await db
      .selectFrom('engine_statements')
      .select(['process_id', 'share_key', 'running', 'waiting_for_slot', 'served_at'])
      .where('process_id', '!=', processId)
      .where('updated_at', '>', freshSinceMs)
      .execute();
    return rows.map((row) => ({
      processId: row.process_id,
      key: row.share_key,
      running: Number(row.running),
      waitingForSlot: Number(row.waiting_for_slot),
      ...(row.served_at === null ? {} : { servedAt: Number(row.served_at) }),
    }));
  },

  async remove(db: ControlPlaneDb, processId: string): Promise<void> {
    await db.deleteFrom('engine_statements').where('process_id', '=', processId).execute();
  },
};
