import { gzipSync } from 'node:zlib';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { HOUR_MS, hourPrefix, type ArchiveSettings } from './archive.js';
import { archiveRepository } from './archive-repository.js';
import { droppedLogRepository } from './dropped-log-spool.js';

export interface ArchivePassDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly openDestination: (settings: ArchiveSettings) => Promise<BlobStore>;
  /** The account's logs with `@timestamp` in [fromMs, toMs), as `_source` documents, page by page. */
  readonly readLogs: (
    accountId: number,
    fromMs: number,
    toMs: number,
    signal: AbortSignal,
  ) => AsyncIterable<readonly Record<string, unknown>[]>;
  /** Days the account keeps its logs (undefined: the account is gone). */
  readonly retentionDaysOf: (accountId: number) => Promise<number | undefined>;
  /** An hour is archived once it ended this long ago, so logs that arrive a little late are in it (decision 0701). */
  readonly settleMs: number;
  /** Hours one archive catches up per pass; the rest wait for the next. */
  readonly maxHoursPerPass: number;
  /** Logs per archive object. */
  readonly logsPerObject: number;
}

export interface ArchivePassReport {
  readonly archives: number;
  readonly hours: number;
  readonly logs: number;
  readonly errors: number;
}

export type ArchivePass = ReturnType<typeof createArchivePass>;

const DAY_MS = 86_400_000;

function describe(error: unknown): string {
  const text = error instanceof Error ? (error.name === 'Error' ? error.message : `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, 500);
}

/**
 * Writes every closed hour of each enabled archive's account (decisions 0700, 0701): NDJSON `_source` documents,
 * gzip-compressed unless the settings say otherwise, under `<prefix><accountId>/dt=YYYY-MM-DD/hour=HH/`. Object
 * names are fixed by their position in the hour, so an hour written again after a crash replaces what it wrote.
 * The watermark moves only past hours written whole; a failure stops that archive's pass (retried next time).
 */
export function createArchivePass(deps: ArchivePassDeps) {
  const { db, clock, logger } = deps;

  async function writeHour(archive: ArchiveSettings, store: BlobStore, hourMs: number, signal: AbortSignal): Promise<number> {
    const prefix = archive.destination.kind === 'S3' ? archive.destination.prefix : '';
    const base = hourPrefix(prefix, archive.accountId, hourMs);
    let lines: string[] = [];
    let part = 0;
    let logs = 0;
    const flush = async () => {
      if (lines.length === 0) return;
      const text = new TextEncoder().encode(lines.join('\n') + '\n');
      const name = `${base}logs-${String(part).padStart(5, '0')}.json${archive.compressed ? '.gz' : ''}`;
      await store.put(name, archive.compressed ? gzipSync(text) : text);
      part += 1;
      lines = [];
    };
    for await (const page of deps.readLogs(archive.accountId, hourMs, hourMs + HOUR_MS, signal)) {
      for (const source of page) {
        lines.push(JSON.stringify(source));
        logs += 1;
        if (lines.length >= deps.logsPerObject) await flush();
      }
    }
    await flush();
    return logs;
  }

  /**
   * Writes the dropped logs kept for the archive (decision 0705) whose hour is before `beforeMs` (written already,
   * or late for it) beside the hour's logs, as `dropped-<first id>` objects, and removes them once written. An
   * object's rows are the first of the hour by id, so after a crash between writing and removing, the same object
   * is written again, replacing itself.
   */
  async function writeDropped(archive: ArchiveSettings, store: BlobStore, beforeMs: number, signal: AbortSignal): Promise<number> {
    const prefix = archive.destination.kind === 'S3' ? archive.destination.prefix : '';
    let logs = 0;
    for (const hourMs of await droppedLogRepository.hoursBefore(db, archive.id, beforeMs, deps.maxHoursPerPass)) {
      for (;;) {
        if (signal.aborted) return logs;
        const rows = await droppedLogRepository.page(db, archive.id, hourMs, deps.logsPerObject);
        const first = rows[0];
        if (first === undefined) break;
        const text = new TextEncoder().encode(rows.map((row) => row.source).join('\n') + '\n');
        const name = `${hourPrefix(prefix, archive.accountId, hourMs)}dropped-${first.id}.json${archive.compressed ? '.gz' : ''}`;
        await store.put(name, archive.compressed ? gzipSync(text) : text);
        const bytes = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
        await droppedLogRepository.remove(
          db,
          archive.id,
          rows.map((row) => row.id),
          bytes,
        );
        logs += rows.length;
        if (rows.length < deps.logsPerObject) break;
      }
    }
    return logs;
  }

  async function archiveOne(archive: ArchiveSettings, signal: AbortSignal): Promise<{ hours: number; logs: number; error: boolean }> {
    const now = clock.now();
    const closedThrough = Math.floor((now - deps.settleMs) / HOUR_MS) * HOUR_MS;
    let through = archive.status.archivedThroughMs;
    let hours = 0;
    let logs = 0;
    let error: string | undefined;
    let store: BlobStore | undefined;
    try {
      if (through >= closedThrough) return { hours, logs, error: false };
      const retentionDays = await deps.retentionDaysOf(archive.accountId);
      if (retentionDays === undefined) return { hours, logs, error: false };
      store = await deps.openDestination(archive);
      while (through < closedThrough && hours < deps.maxHoursPerPass && !signal.aborted) {
        // An hour already past retention cannot be read any more: say so rather than write it empty.
        if (through < now - retentionDays * DAY_MS) {
          error = `hours before ${new Date(now - retentionDays * DAY_MS).toISOString()} passed retention before they could be archived`;
          through = Math.floor((now - retentionDays * DAY_MS) / HOUR_MS) * HOUR_MS + HOUR_MS;
          continue;
        }
        logs += await writeHour(archive, store, through, signal);
        through += HOUR_MS;
        hours += 1;
      }
      logs += await writeDropped(archive, store, through, signal);
    } catch (failure) {
      if (signal.aborted) return { hours, logs, error: false };
      error = describe(failure);
    } finally {
      await store?.close();
    }
    if (error !== undefined) logger.warn({ archive: archive.id, account: archive.accountId, error }, 'archive error');
    await archiveRepository.recordPass(db, archive.id, clock.now(), { archivedThroughMs: through, error });
    return { hours, logs, error: error !== undefined };
  }

  return {
    async run(signal: AbortSignal = new AbortController().signal): Promise<ArchivePassReport> {
      const archives = await archiveRepository.listEnabled(db);
      let hours = 0;
      let logs = 0;
      let errors = 0;
      for (const archive of archives) {
        if (signal.aborted) break;
        const result = await archiveOne(archive, signal);
        hours += result.hours;
        logs += result.logs;
        if (result.error) errors += 1;
      }
      return { archives: archives.length, hours, logs, errors };
    },

    /**
     * How far each account with an enabled archive has archived: the retention job deletes nothing of theirs past
     * it (decision 0701).
     */
    async archivedThrough(): Promise<ReadonlyMap<number, number>> {
      const archives = await archiveRepository.listEnabled(db);
      return new Map(archives.map((archive) => [archive.accountId, archive.status.archivedThroughMs] as const));
    },
  };
}
