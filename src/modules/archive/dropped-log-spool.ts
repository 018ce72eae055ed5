import { Counter } from 'prom-client';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { HOUR_MS } from './archive.js';

/** A log a drop filter dropped (the ingest area's `DroppedLog`, matched structurally: modules do not import it). */
export interface KeptDroppedLog {
  readonly id: string;
  readonly timestampMs: number;
  readonly source: string;
}

export interface DroppedLogSpoolDeps {
  readonly db: ControlPlaneDb;
  readonly logger: Logger;
  /** The most bytes of dropped logs one archive holds waiting for its pass; past it they are not kept (counted). */
  readonly maxBytesPerArchive: number;
  /** How long a process trusts what it read of an account's archive (enabled or not). */
  readonly cacheMs: number;
  readonly monotonicNow?: () => number;
}

/** Rows written per INSERT (well under SQLite's and PostgreSQL's parameter limits). */
const INSERT_ROWS = 500;
const WARN_EVERY_MS = 60_000;

export type DroppedLogSpool = ReturnType<typeof createDroppedLogSpool>;

/**
 * The logs drop filters dropped for accounts with an enabled archive, kept in the control plane until the archive
 * pass writes their hour (decision 0705). Keeping reserves the bytes on the archive's row in the same transaction as
 * the rows, so an archive never holds more than its bound, even with several ingest processes.
 */
export function createDroppedLogSpool(deps: DroppedLogSpoolDeps) {
  const { db, logger } = deps;
  const monotonicNow = deps.monotonicNow ?? (() => performance.now());
  const notKept = new Counter({
    name: 'logward_archive_dropped_logs_not_kept_total',
    help: 'Dropped logs not kept for the archive because its spool was full',
    labelNames: ['account'],
    registers: [],
  });
  const archives = new Map<number, { readonly archiveId: number | undefined; readonly at: number }>();
  let warnedAt = Number.NEGATIVE_INFINITY;

  async function archiveOf(accountId: number): Promise<number | undefined> {
    const cached = archives.get(accountId);
    if (cached !== undefined && monotonicNow() - cached.at < deps.cacheMs) return cached.archiveId;
    const row = await db
      .selectFrom('archive_settings')
      .select('id')
      .where('account_id', '=', accountId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    const archiveId = row === undefined ? undefined : Number(row.id);
    archives.set(accountId, { archiveId, at: monotonicNow() });
    return archiveId;
  }

  return {
    metrics: [notKept] as const,

    /** A change of this process's API is seen by its next request (others' within `cacheMs`). */
    forget(accountId: number): void {
      archives.delete(accountId);
    },

    async wants(accountId: number): Promise<boolean> {
      return (await archiveOf(accountId)) !== undefined;
    },

    async keep(accountId: number, logs: readonly KeptDroppedLog[]): Promise<void> {
      const archiveId = await archiveOf(accountId);
      if (archiveId === undefined || logs.length === 0) return;
      const bytes = logs.reduce((sum, log) => sum + Buffer.byteLength(log.source), 0);
      const kept = await db.transaction().execute(async (tx) => {
        const reserved = await tx
          .updateTable('archive_settings')
          .set((eb) => ({ dropped_bytes: eb('dropped_bytes', '+', bytes) }))
          .where('id', '=', archiveId)
          .where('enabled', '=', 1)
          .where('dropped_bytes', '<=', deps.maxBytesPerArchive - bytes)
          .executeTakeFirst();
        if (Number(reserved.numUpdatedRows) === 0) return false;
        for (let start = 0; start < logs.length; start += INSERT_ROWS) {
          await tx
            .insertInto('archive_dropped_logs')
            .values(
              logs.slice(start, start + INSERT_ROWS).map((log) => ({
                id: log.id,
                archive_id: archiveId,
                account_id: accountId,
                hour_ms: Math.floor(log.timestampMs / HOUR_MS) * HOUR_MS,
                source: log.source,
                bytes: Buffer.byteLength(log.source),
              })),
            )
            .execute();
        }
        return true;
      });
      if (kept) return;
      // Full (the archive has been failing for long), or the archive went away since it was read.
      archives.delete(accountId);
      if ((await archiveOf(accountId)) === undefined) return;
      notKept.inc({ account: String(accountId) }, logs.length);
      if (monotonicNow() - warnedAt >= WARN_EVERY_MS) {
        warnedAt = monotonicNow();
        logger.warn(
          { account: accountId, archive: archiveId, maxBytes: deps.maxBytesPerArchive },
          'dropped logs not kept: archive spool full',
        );
      }
    },
  };
}

/** What the archive pass reads and empties (decision 0705). */
export const droppedLogRepository = {
  /** Hours before `beforeMs` that hold dropped logs of the archive, oldest first. */
  async hoursBefore(db: ControlPlaneDb, archiveId: number, beforeMs: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('archive_dropped_logs')
      .select('hour_ms')
      .distinct()
      .where('archive_id', '=', archiveId)
      .where('hour_ms', '<', beforeMs)
      .orderBy('hour_ms')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.hour_ms));
  },

  /** The first `limit` dropped logs of an hour by id: the same rows come back until they are removed. */
  async page(db: ControlPlaneDb, archiveId: number, hourMs: number, limit: number) {
    return db
      .selectFrom('archive_dropped_logs')
      .select(['id', 'source', 'bytes'])
      .where('archive_id', '=', archiveId)
      .where('hour_ms', '=', hourMs)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Removes rows written to the archive and gives their bytes back to the archive's bound. */
  async remove(db: ControlPlaneDb, archiveId: number, ids: readonly string[], bytes: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      for (let start = 0; start < ids.length; start += INSERT_ROWS) {
        await tx
          .deleteFrom('archive_dropped_logs')
          .where('archive_id', '=', archiveId)
          .where('id', 'in', ids.slice(start, start + INSERT_ROWS))
          .execute();
      }
      await tx
        .updateTable('archive_settings')
        .set((eb) => ({ dropped_bytes: eb('dropped_bytes', '-', bytes) }))
        .where('id', '=', archiveId)
        .execute();
    });
  },
};
