import type { AccountService } from '../../modules/accounts/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import type { SavedObjectService } from '../../modules/saved-objects/index.js';
import type { SearchService } from '../../modules/search/index.js';
import {
  createSnapshotRenderer,
  createSnapshotService,
  SnapshotRenderFailure,
  snapshotRoutes,
  type SnapshotService,
} from '../../modules/snapshots/index.js';
import { expireSnapshotsJob } from '../../scheduler/jobs/expire-snapshots.js';
import { createTaskStore, createTaskWorker, TaskFailure, type TaskHandler, type TaskWorker } from '../../scheduler/tasks/index.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { AreaWiring, WiringContext } from './area.js';
import { accountReaderPrincipal } from './account-reader.js';

export interface SnapshotServices {
  readonly snapshots: SnapshotService;
  /** Runs tracked tasks (snapshot renders) in the scheduler role; tests drive it directly. */
  readonly tasks: TaskWorker;
}

export interface SnapshotWiringOptions {
  /** Snapshot task tuning (tests shorten the lease and the back-off). */
  readonly taskLeaseMs?: number;
  readonly taskRetryBaseMs?: number;
}

const MAX_ATTEMPTS = 3;
const SNAPSHOT_TASK = 'snapshot.render';

/** Snapshots of dashboards and visualizations: the API, the tracked task that renders and sends them, their expiry. */
export function wireSnapshots(
  ctx: WiringContext,
  deps: {
    readonly blobs: BlobStore;
    readonly accounts: AccountService;
    readonly search: SearchService;
    readonly savedObjects: SavedObjectService;
    readonly notifications: NotificationService;
  },
  options: SnapshotWiringOptions = {},
): AreaWiring<SnapshotServices> {
  const { db, clock, logger, config } = ctx;
  const taskStore = createTaskStore(db);
  const principalOf = accountReaderPrincipal(deps.accounts);
  const renderer = createSnapshotRenderer({
    db,
    clock,
    blobs: deps.blobs,
    principalOf,
    getSavedObject: (principal, type, id) => deps.savedObjects.get(principal, type, id),
    search: async (principal, range, body, signal) =>
      (
        await deps.search.execute({
          principal,
          request: deps.search.parse(body, 'elasticsearch'),
          window: { kind: 'range', fromMs: range.fromMs, toMs: range.toMs },
          requestedAccountIds: null,
          types: null,
          // A person asked for this image and waits for it (issue 49: ≤ 3 s for 6 panels over 10M logs): the panels
          // search as the account's own searches do, in its fair share, not at background work's one thread (0770).
          background: false,
          signal,
        })
      ).result,
    notify: (input) => deps.notifications.notify(input),
  });
  const render: TaskHandler = {
    kind: SNAPSHOT_TASK,
    maxAttempts: MAX_ATTEMPTS,
    async run(task, context) {
      try {
        await renderer.run(Number(task.subject), context);
      } catch (error) {
        throw error instanceof SnapshotRenderFailure ? new TaskFailure(error.message) : error;
      }
    },
    failed: (task, reason) => renderer.failed(Number(task.subject), reason),
  };
  const worker = createTaskWorker({
    store: taskStore,
    clock,
    logger,
    handlers: [render],
    ...(options.taskLeaseMs === undefined ? {} : { leaseMs: options.taskLeaseMs }),
    ...(options.taskRetryBaseMs === undefined ? {} : { retryBaseMs: options.taskRetryBaseMs }),
  });
  const snapshots = createSnapshotService({
    db,
    clock,
    blobs: deps.blobs,
    async queueRender(accountId, snapshotId) {
      await taskStore.enqueue({ kind: SNAPSHOT_TASK, accountId, subject: String(snapshotId), maxAttempts: MAX_ATTEMPTS }, clock.now());
      // This process looks at once; the others find it at their next poll.
      worker.wake();
    },
    renderProgress: async (snapshotId) => (await taskStore.ofSubject(SNAPSHOT_TASK, String(snapshotId)))?.progress ?? 0,
    forgetRender: (snapshotId) => taskStore.forget(SNAPSHOT_TASK, String(snapshotId)),
    getSavedObject: (principal, type, id) => deps.savedObjects.get(principal, type, id),
    unknownEndpointIds: (accountId, ids) => deps.notifications.unknownEndpointIds(accountId, ids),
    assertAllowedUrl: (url, field) => deps.notifications.assertAllowedUrl(url, field),
    deliveries: (sourceKey) => deps.notifications.deliveries(sourceKey),
    publicUrl: config.publicUrl,
  });
  return {
    services: { snapshots, tasks: worker },
    routes: [snapshotRoutes(snapshots)],
    jobs: [expireSnapshotsJob({ expire: () => snapshots.expire(), logger })],
  };
}
