import type { Ingest } from '../../ingest/index.js';
import type { AccountService } from '../../modules/accounts/index.js';
import {
  archiveRoutes,
  createArchivePass,
  createArchiveService,
  createDroppedLogSpool,
  createRestoreRunner,
  RestoreGone,
  type DroppedLogSpool,
  type ArchivePass,
  type ArchiveSettings,
  type Restore,
  type RestoreRunner,
} from '../../modules/archive/index.js';
import { createSecretBox } from '../../modules/notifications/index.js';
import type { SearchService } from '../../modules/search/index.js';
import { createAddressPolicy, createOutboundClient, guardedAgents, systemResolveHost } from '../../outbound/index.js';
import { archiveLogsJob } from '../../scheduler/jobs/archive-logs.js';
import { createTaskStore, createTaskWorker, TaskFailure, type TaskWorker } from '../../scheduler/tasks/index.js';
import { RETENTION_DAYS_MAX } from '../../shared/wire-bounds.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { createFileBlobStore } from '../../storage/blobs/file-blob-store.js';
import { createS3BlobStore } from '../../storage/blobs/s3-blob-store.js';
import path from 'node:path';
import type { AreaWiring, WiringContext } from './area.js';
import { accountReaderPrincipal } from './account-reader.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** One archive object is held whole in memory to be written (decision 0700). */
const MAX_OBJECT_BYTES = 256 * 1024 * 1024;
const LOGS_PER_OBJECT = 10_000;
const BUCKET_TIMEOUT_MS = 30_000;
const RESTORE_TASK = 'archive.restore';
const RESTORE_ATTEMPTS = 3;
/** Limits (decision 0704): Logz.io's own restores are bounded alike. */
const MAX_RESTORE_RANGE_MS = 7 * 24 * HOUR_MS;
const MAX_ACTIVE_RESTORES = 5;
const MAX_RESTORE_GB = 10;
/** Logz.io's restored accounts expire after 5 days (its fixtures: expiresAt = finishedAt + 432000 s). */
const RESTORED_ACCOUNT_LIFETIME_MS = 5 * DAY_MS;
/** An hour is archived once it ended this long ago (late logs of the hour are in it). */
const SETTLE_MS = 10 * 60_000;
const MAX_HOURS_PER_PASS = 48;
const SCROLL_PAGE = 1_000;
const SCROLL_KEEP_ALIVE_MS = 120_000;

/**
 * The most bytes of dropped logs one archive keeps waiting for its pass (decision 0705): with the pass every 5 min
 * it holds about an hour of them; this bound only bites when the destination has been failing for long.
 */
const MAX_DROPPED_BYTES_PER_ARCHIVE = 256 * 1024 * 1024;
/** How long a process trusts what it read of an account's archive (its own API's changes are seen at once). */
const DROPPED_ARCHIVE_CACHE_MS = 1_000;

/** Where the listener keeps the logs drop filters dropped for accounts that archive (decision 0705). */
export function wireDroppedLogSpool(ctx: WiringContext): DroppedLogSpool {
  return createDroppedLogSpool({
    db: ctx.db,
    logger: ctx.logger,
    maxBytesPerArchive: MAX_DROPPED_BYTES_PER_ARCHIVE,
    cacheMs: DROPPED_ARCHIVE_CACHE_MS,
  });
}

export interface ArchiveServices {
  /** Writes closed hours of every enabled archive (the archive-logs job and the retention job run it). */
  readonly archivePass: ArchivePass;
  readonly restores: RestoreRunner;
  /** Runs restore tasks in the scheduler role; tests drive it directly. */
  readonly restoreTasks: TaskWorker;
}

/** Archive and restore (decisions 0700-0705): the API, the archive job, and the tracked task that runs restores. */
export function wireArchive(
  ctx: WiringContext,
  deps: {
    readonly secretKey: Buffer;
    readonly ingest: Pick<Ingest, 'ingestForAccount'>;
    readonly accounts: AccountService;
    readonly search: SearchService;
    /** Where the listener keeps what drop filters dropped for archives (decision 0705); the pass empties it. */
    readonly droppedLogs: DroppedLogSpool;
  },
): AreaWiring<ArchiveServices> {
  const { config, db, clock, logger } = ctx;
  const box = createSecretBox(deps.secretKey);
  const policy = createAddressPolicy(config.outboundAllowCidrs);
  const outbound = createOutboundClient({ policy });

  /** The archive's store: a bucket reached only through guarded agents, or a directory that stays under the root. */
  async function openDestination(settings: Pick<ArchiveSettings, 'destination' | 'sealedKeys'>): Promise<BlobStore> {
    const { destination } = settings;
    if (destination.kind === 'DIRECTORY') {
      const root = path.resolve(config.archiveDir);
      const target = path.resolve(root, destination.path);
      const relative = path.relative(root, target);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative))
        throw new Error('the archive directory is outside the archive root');
      return createFileBlobStore({ root: target, maxBlobBytes: MAX_OBJECT_BYTES });
    }
    if (settings.sealedKeys === undefined) throw new Error('Logward writes to S3 with access keys only (credentials type KEYS)');
    const keys = JSON.parse(box.open(settings.sealedKeys)) as { accessKey: string; secretKey: string };
    const agents = guardedAgents(policy, systemResolveHost, destination.endpoint);
    const store = createS3BlobStore({
      bucket: destination.bucket,
      prefix: '',
      maxBlobBytes: MAX_OBJECT_BYTES,
      endpoint: destination.endpoint,
      region: destination.region,
      forcePathStyle: destination.endpoint !== undefined,
      credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
      agents,
      timeoutMs: BUCKET_TIMEOUT_MS,
    });
    return {
      ...store,
      async close() {
        await store.close();
        agents.destroy();
      },
    };
  }

  const principalOf = accountReaderPrincipal(deps.accounts);

  async function* readLogs(accountId: number, fromMs: number, toMs: number, signal: AbortSignal) {
    const principal = await principalOf(accountId);
    if (principal === undefined) return;
    const request = deps.search.parse({ query: { match_all: {} }, sort: [{ '@timestamp': 'asc' }] }, 'elasticsearch');
    const opened = await deps.search.openScroll(
      { principal, request, window: { kind: 'range', fromMs, toMs }, requestedAccountIds: null, types: null, background: true, signal },
      SCROLL_PAGE,
      SCROLL_KEEP_ALIVE_MS,
    );
    try {
      let hits = opened.result.hits;
      while (hits.length > 0) {
        yield hits.map((hit) => hit.source ?? {});
        if (signal.aborted) return;
        hits = (await deps.search.continueScroll(principal, opened.scrollId, SCROLL_KEEP_ALIVE_MS)).result.hits;
      }
    } finally {
      await deps.search.clearScroll(principal, opened.scrollId);
    }
  }

  const mainOf = async (accountId: number): Promise<number | undefined> => {
    const account = await deps.accounts.getAccount(accountId);
    return account === undefined ? undefined : (account.ownerAccountId ?? account.id);
  };

  /** Through the sub-account deletion path, as the main account: its logs are deleted with it. */
  async function deleteRestoredAccount(restore: Restore): Promise<void> {
    if (restore.restoredAccountId === undefined) return;
    const restored = await deps.accounts.getAccount(restore.restoredAccountId);
    if (restored?.ownerAccountId == null) return;
    const main = await principalOf(restored.ownerAccountId);
    if (main === undefined) return;
    await deps.accounts.deleteSubAccount(main, restored.id);
  }

  const archivePass = createArchivePass({
    db,
    clock,
    logger,
    openDestination,
    readLogs,
    retentionDaysOf: async (accountId) => (await deps.accounts.getAccount(accountId))?.retentionDays,
    settleMs: SETTLE_MS,
    maxHoursPerPass: MAX_HOURS_PER_PASS,
    logsPerObject: LOGS_PER_OBJECT,
  });

  const restores = createRestoreRunner({
    db,
    clock,
    openDestination,
    async createRestoredAccount(restore) {
      const mainId = await mainOf(restore.accountId);
      if (mainId === undefined) throw new RestoreGone('the account is gone');
      // Long enough that the oldest restored log is kept for the restored account's whole life.
      const days = Math.ceil((clock.now() - restore.startMs + RESTORED_ACCOUNT_LIFETIME_MS) / DAY_MS) + 1;
      return deps.accounts.createRestoredAccount({
        mainAccountId: mainId,
        name: restore.accountName,
        retentionDays: Math.min(RETENTION_DAYS_MAX, Math.max(1, days)),
        maxDailyGB: MAX_RESTORE_GB,
      });
    },
    deleteRestoredAccount,
    ingest: (accountId, logs) =>
      deps.ingest.ingestForAccount(
        accountId,
        logs.map((log) => ({
          log: { fields: log.fields, sizeBytes: log.sizeBytes },
          defaultType: typeof log.fields['type'] === 'string' ? log.fields['type'] : 'restored',
        })),
      ),
    maxRestoreBytes: MAX_RESTORE_GB * 1024 ** 3,
    restoredAccountLifetimeMs: RESTORED_ACCOUNT_LIFETIME_MS,
  });

  const taskStore = createTaskStore(db);
  const restoreTasks = createTaskWorker({
    store: taskStore,
    clock,
    logger,
    handlers: [
      {
        kind: RESTORE_TASK,
        maxAttempts: RESTORE_ATTEMPTS,
        async run(task, context) {
          try {
            await restores.run(Number(task.subject), (fraction) => context.progress(fraction), context.signal);
          } catch (error) {
            throw error instanceof RestoreGone ? new TaskFailure(error.message) : error;
          }
        },
        failed: (task, reason) => restores.failed(Number(task.subject), reason),
      },
    ],
  });

  const service = createArchiveService({
    db,
    clock,
    sealer: box,
    assertAllowedUrl: (url, field) => outbound.assertAllowedUrl(url, field),
    openDestination,
    limits: { maxRangeMs: MAX_RESTORE_RANGE_MS, maxActiveRestores: MAX_ACTIVE_RESTORES },
    async queueRestore(accountId, restoreId) {
      await taskStore.enqueue({ kind: RESTORE_TASK, accountId, subject: String(restoreId), maxAttempts: RESTORE_ATTEMPTS }, clock.now());
      restoreTasks.wake();
    },
    deleteRestoredAccount,
    changed: (accountId) => deps.droppedLogs.forget(accountId),
  });

  return {
    services: { archivePass, restores, restoreTasks },
    routes: [archiveRoutes(service)],
    jobs: [archiveLogsJob({ archivePass, restores, logger })],
  };
}
