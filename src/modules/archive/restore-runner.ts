import { gunzipSync } from 'node:zlib';
import type { Clock } from '../../shared/clock.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { HOUR_MS, hourPrefix, type ArchiveSettings, type Restore } from './archive.js';
import { archiveRepository } from './archive-repository.js';

/** A log read back from the archive, as the listener's write path takes it. */
export interface RestoredLog {
  readonly fields: Record<string, unknown>;
  readonly sizeBytes: number;
}

export interface RestoreRunnerDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly openDestination: (settings: ArchiveSettings) => Promise<BlobStore>;
  /** Makes the restored account (decision 0702) and answers its id. */
  readonly createRestoredAccount: (restore: Restore) => Promise<number>;
  readonly deleteRestoredAccount: (restore: Restore) => Promise<void>;
  /**
   * The listener's write path for one account (decision 0705): every index, catalog and count searches rely on
   * learns the logs. Resolves once they are durable; false when the account is gone.
   */
  readonly ingest: (accountId: number, logs: readonly RestoredLog[]) => Promise<boolean>;
  /** Bytes one restore may load; past it the restore ends LIMIT_EXCEEDED (decision 0704). */
  readonly maxRestoreBytes: number;
  /** How long a restored account lives once its restore finished. */
  readonly restoredAccountLifetimeMs: number;
}

/** Thrown when what the restore works on is gone: retrying cannot help. */
export class RestoreGone extends Error {
  override readonly name = 'RestoreGone';
}

const BATCH = 1_000;

function timestampOf(fields: Record<string, unknown>): number | undefined {
  const value = fields['@timestamp'];
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return undefined;
}

export type RestoreRunner = ReturnType<typeof createRestoreRunner>;

/**
 * Runs one restore as a tracked task: makes the restored account, then reads the archive's objects of the range in
 * key order and ingests the logs whose `@timestamp` falls in it through the listener's write path, recording after
 * each object how far it got, so a retried task resumes after the last object done (at most one object is read
 * twice after a crash). An abort (the restore deleted meanwhile) stops it between objects.
 */
export function createRestoreRunner(deps: RestoreRunnerDeps) {
  const { db, clock } = deps;

  return {
    async run(restoreId: number, progress: (fraction: number) => Promise<void>, signal: AbortSignal): Promise<void> {
      let restore = await archiveRepository.getRestore(db, restoreId);
      if (restore?.status !== 'IN_PROGRESS') return;
      const archive = await archiveRepository.getById(db, restore.archiveId);
      if (archive === undefined) throw new RestoreGone('the archive settings were deleted');
      if (restore.startedAt === undefined) await archiveRepository.transition(db, restoreId, ['IN_PROGRESS'], { started_at: clock.now() });
      let accountId = restore.restoredAccountId;
      if (accountId === undefined) {
        accountId = await deps.createRestoredAccount(restore);
        if (!(await archiveRepository.transition(db, restoreId, ['IN_PROGRESS'], { restored_account_id: accountId }))) {
          // Deleted while the account was being made: it goes at once.
          await deps.deleteRestoredAccount({ ...restore, restoredAccountId: accountId });
          return;
        }
      }
      restore = { ...restore, restoredAccountId: accountId };
      const store = await deps.openDestination(archive);
      try {
        const prefix = archive.destination.kind === 'S3' ? archive.destination.prefix : '';
        const keys: string[] = [];
        for (let hour = Math.floor(restore.startMs / HOUR_MS) * HOUR_MS; hour <= restore.endMs; hour += HOUR_MS) {
          for (const blob of await store.list(hourPrefix(prefix, restore.accountId, hour))) keys.push(blob.key);
        }
        const done = restore.doneThroughKey;
        const pending = keys.filter((key) => done === undefined || key > done);
        let bytes = restore.restoredBytes;
        let logs = restore.restoredLogs;
        for (const [index, key] of pending.entries()) {
          if (signal.aborted) return;
          const raw = await store.get(key);
          if (raw === undefined) continue;
          const text = new TextDecoder().decode(key.endsWith('.gz') ? gunzipSync(raw) : raw);
          const batch: RestoredLog[] = [];
          let objectBytes = 0;
          for (const line of text.split('\n')) {
            if (line === '') continue;
            let fields: unknown;
            try {
              fields = JSON.parse(line);
            } catch {
              continue;
            }
            if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) continue;
            const record = fields as Record<string, unknown>;
            const at = timestampOf(record);
            if (at === undefined || at < restore.startMs || at > restore.endMs) continue;
            const sizeBytes = Buffer.byteLength(line);
            batch.push({ fields: record, sizeBytes });
            objectBytes += sizeBytes;
          }
          if (bytes + objectBytes > deps.maxRestoreBytes) {
            await archiveRepository.transition(db, restoreId, ['IN_PROGRESS'], {
              status: 'LIMIT_EXCEEDED',
              finished_at: clock.now(),
              error: `the range holds more than ${deps.maxRestoreBytes} bytes of logs`,
            });
            await deps.deleteRestoredAccount(restore);
            await archiveRepository.transition(db, restoreId, ['LIMIT_EXCEEDED'], { restored_account_id: null });
            return;
          }
          for (let start = 0; start < batch.length; start += BATCH) {
            if (!(await deps.ingest(accountId, batch.slice(start, start + BATCH)))) throw new RestoreGone('the restored account is gone');
          }
          bytes += objectBytes;
          logs += batch.length;
          const moved = await archiveRepository.transition(db, restoreId, ['IN_PROGRESS'], {
            restored_bytes: bytes,
            restored_logs: logs,
            done_through_key: key,
          });
          if (!moved) return;
          await progress((index + 1) / pending.length);
        }
        const now = clock.now();
        await archiveRepository.transition(db, restoreId, ['IN_PROGRESS'], {
          status: 'ACTIVE',
          finished_at: now,
          expires_at: now + deps.restoredAccountLifetimeMs,
        });
      } finally {
        await store.close();
      }
    },

    /** The task failed for good: the restore says why and its account goes. */
    async failed(restoreId: number, reason: string): Promise<void> {
      const restore = await archiveRepository.getRestore(db, restoreId);
      if (restore === undefined) return;
      if (
        !(await archiveRepository.transition(db, restoreId, ['IN_PROGRESS'], { status: 'FAILED', finished_at: clock.now(), error: reason }))
      )
        return;
      if (restore.restoredAccountId !== undefined) {
        await deps.deleteRestoredAccount(restore);
        await archiveRepository.transition(db, restoreId, ['FAILED'], { restored_account_id: null });
      }
    },

    /** Restored accounts past their lifetime are deleted (EXPIRED). */
    async expire(): Promise<number> {
      const due = await archiveRepository.listExpired(db, clock.now());
      for (const restore of due) {
        if (!(await archiveRepository.transition(db, restore.id, ['ACTIVE'], { status: 'EXPIRED' }))) continue;
        if (restore.restoredAccountId !== undefined) await deps.deleteRestoredAccount(restore);
        await archiveRepository.transition(db, restore.id, ['EXPIRED'], { restored_account_id: null });
      }
      return due.length;
    },
  };
}
