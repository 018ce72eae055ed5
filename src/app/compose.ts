import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/index.js';
import { buildApiServer } from '../http/build-server.js';
import { buildOpsServer, registerOpsEndpoints } from '../http/ops-endpoints.js';
import type { IngestPorts } from '../ingest/index.js';
import { securityRulesUsingLookup } from '../modules/security/index.js';
import { alertsUsingLookup } from '../modules/alerts/index.js';
import type { IntegrationUrls, RetryPolicy } from '../modules/notifications/index.js';
import { createJobRunner } from '../scheduler/job-runner.js';
import { createControlPlaneLeaseStore } from '../scheduler/lease-store.js';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { openControlPlane, type ControlPlane } from '../storage/control-plane/index.js';
import { openLogStore, type WordCountLimits } from '../storage/open-log-store.js';
import type { App } from './app.js';
import { checkSecretKey, loadSecretKey } from './secret-key.js';
import { createSharedInFlight } from './cluster/shared-in-flight.js';
import { createSharedStatements } from './cluster/shared-statements.js';
import { createRoleMetrics } from './cluster/role-metrics.js';
import { wireAlerts } from './wiring/alerts.js';
import { wireDetection } from './wiring/detection.js';
import type { WiringContext } from './wiring/area.js';
import { wireControlPlane } from './wiring/control-plane.js';
import { wireDiscover } from './wiring/discover.js';
import { wireDropFilters } from './wiring/drop-filters.js';
import { wireIngest } from './wiring/ingest.js';
import { wireInsights } from './wiring/insights.js';
import { wireLookups } from './wiring/lookups.js';
import { wireNotifications } from './wiring/notifications.js';
import { wireOperability } from './wiring/operability.js';
import { wireOwnLogs } from './wiring/own-logs.js';
import { wireSavedObjects } from './wiring/saved-objects.js';
import { wireSearch } from './wiring/search.js';
import { wireWeb } from './wiring/web.js';
import { wireSecurity } from './wiring/security.js';
import { wireS3Fetchers } from './wiring/s3-fetchers.js';
import { wireArchive, wireDroppedLogSpool } from './wiring/archive.js';
import { wireSnapshots, type SnapshotWiringOptions } from './wiring/snapshots.js';
import { openBlobStore } from '../storage/blobs/open-blob-store.js';

export type { App } from './app.js';

export interface AppDeps {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  /** An already opened control plane (tests pass one in an isolated PostgreSQL schema). */
  readonly controlPlane?: ControlPlane;
  /** Where PagerDuty, Opsgenie … are reached (tests point them at local receivers). */
  readonly integrationUrls?: IntegrationUrls;
  /** Retries of notification deliveries (tests shorten the back-off). */
  readonly deliveryRetryPolicy?: RetryPolicy;
  /** How long after a window ends alerts judge it (default: the configured settle delay; tests set 0 with a manual clock). */
  readonly alertSettleDelayMs?: number;
  /** Alerts evaluated at the same time (default: the configured alert concurrency). */
  readonly alertConcurrency?: number;
  /** Which accounts' parts and words the word counts hold (tests count small stores ahead). */
  readonly wordCountLimits?: WordCountLimits;
  /** Tracked-task tuning of snapshots (tests shorten the lease and the back-off). */
  readonly snapshotTasks?: SnapshotWiringOptions;
}

function readVersion(): string {
  const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/**
 * The api and scheduler roles seal and open endpoint secrets: their key must be the one the control plane recorded.
 * An ingest-only process never does; it gets a throwaway key rather than a key file nobody else shares.
 */
async function secretKeyFor(config: AppConfig, controlPlane: ControlPlane): Promise<Buffer> {
  if (!config.roles.includes('api') && !config.roles.includes('scheduler')) return randomBytes(32);
  const key = loadSecretKey(config.secretKey, config.dataDir);
  await checkSecretKey(controlPlane.db, key);
  return key;
}

/** Fastify's close waits for in-flight requests; past `graceMs` their connections are cut. */
async function closeWithin(server: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => server.server.closeAllConnections(), graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(timer);
  }
}

/** True when the promise settled within `ms`; false when the time ran out first (it keeps running). */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  return result;
}

/** The composition root: opens the stores, wires each area (src/app/wiring/), serves their routes and runs their jobs. */
export async function composeApp(deps: AppDeps): Promise<App> {
  const { config, clock, logger } = deps;
  if (config.controlPlaneUrl.startsWith('sqlite:')) fs.mkdirSync(config.dataDir, { recursive: true });
  const controlPlane = deps.controlPlane ?? (await openControlPlane(config.controlPlaneUrl));
  // An ingest-only process runs no searches: one query Session (for /ready) spares the others' start-up.
  const queriesRun = config.roles.includes('api') || config.roles.includes('scheduler');
  const metrics = createRoleMetrics({ engine: queriesRun });
  // The processes that search one ClickHouse server admit their statements against each other's (decision 0740);
  // an embedded engine is this process's alone, so its admission never leaves the process.
  const sharedStatements =
    queriesRun && !config.logStoreUrl.startsWith('chdb:') ? createSharedStatements({ db: controlPlane.db, clock, logger }) : undefined;
  const logStore = await openLogStore(
    {
      url: config.logStoreUrl,
      memoryBytes: config.logStoreMemoryBytes,
      searchRulesOff: config.searchRulesOff,
      ...(config.clickhouseCluster === undefined ? {} : { cluster: config.clickhouseCluster }),
      ...(queriesRun ? {} : { querySessions: 1 }),
      ...(deps.wordCountLimits === undefined ? {} : { wordCountLimits: deps.wordCountLimits }),
    },
    {
      logger,
      clock,
      statements: metrics.engine,
      ...(sharedStatements === undefined ? {} : { sharedAdmission: sharedStatements.admission }),
    },
  );
  const ctx: WiringContext = { config, clock, logger, db: controlPlane.db, logStore, metrics };
  let secretKey: Buffer;
  try {
    secretKey = await secretKeyFor(config, controlPlane);
  } catch (error) {
    await logStore.close();
    if (deps.controlPlane === undefined) await controlPlane.close();
    throw error;
  }
  for (const renamed of config.deprecations)
    logger.warn({ setting: renamed }, `setting renamed: ${renamed}; the old name still works for now`);

  const controlPlaneArea = await wireControlPlane(ctx);
  const { accounts, tokens, usage, bootstrap, actorOf } = controlPlaneArea.services;
  const dropFilterArea = wireDropFilters(ctx);
  const { view: dropFilterView } = dropFilterArea.services;
  const droppedLogs = wireDroppedLogSpool(ctx);
  const ingestArea = wireIngest(ctx, { usage, tokens, accounts, dropFilters: dropFilterView.port, droppedLogs });
  const lookupArea = wireLookups(ctx, {
    dependents: [
      (accountId, list, nowMs) => alertsUsingLookup(controlPlane.db, accountId, list, nowMs),
      (accountId, list, nowMs) => securityRulesUsingLookup(controlPlane.db, accountId, list, nowMs),
    ],
  });
  const searchArea = wireSearch(ctx, { accounts, lookups: lookupArea.services.resolver });
  const notificationArea = wireNotifications(ctx, { secretKey }, deps);
  const ownLogsArea = wireOwnLogs(ctx, { accounts });
  const detectionArea = wireDetection(
    ctx,
    {
      accounts,
      search: searchArea.services.search,
      notifications: notificationArea.services.notifications,
      ownLogs: ownLogsArea.services.ownLogs,
    },
    deps,
  );
  const { detection } = detectionArea.services;
  const alertArea = wireAlerts(ctx, {
    accounts,
    notifications: notificationArea.services.notifications,
    detection,
    actorOf,
    lookups: lookupArea.services.resolver,
  });
  const savedObjectArea = wireSavedObjects(ctx, { actorOf });
  const securityArea = wireSecurity(ctx, {
    accounts,
    search: searchArea.services.search,
    notifications: notificationArea.services.notifications,
    detection,
    lookups: lookupArea.services.resolver,
    actorOf,
  });
  const archiveArea = wireArchive(ctx, {
    secretKey,
    ingest: ingestArea.services.ingest,
    accounts,
    search: searchArea.services.search,
    droppedLogs,
  });
  const operabilityArea = wireOperability(ctx, { controlPlane, accounts, archive: archiveArea.services.archivePass });
  for (const metric of [...dropFilterView.metrics, ...droppedLogs.metrics]) operabilityArea.services.metricsRegistry.registerMetric(metric);
  const insightArea = wireInsights(ctx);
  const { featureGrants, sharedTokens, insightLearning } = insightArea.services;
  const blobs = await openBlobStore(config.blobStore);
  const snapshotArea = wireSnapshots(
    ctx,
    {
      blobs,
      accounts,
      search: searchArea.services.search,
      savedObjects: savedObjectArea.services.savedObjects,
      notifications: notificationArea.services.notifications,
    },
    deps.snapshotTasks,
  );
  const webArea = wireWeb(ctx);
  const discoverArea = wireDiscover(ctx, { search: searchArea.services.search });
  const s3FetcherArea = wireS3Fetchers(ctx, { secretKey, ingest: ingestArea.services.ingest });
  const areas = [
    controlPlaneArea,
    ingestArea,
    lookupArea,
    searchArea,
    notificationArea,
    detectionArea,
    alertArea,
    securityArea,
    ownLogsArea,
    savedObjectArea,
    operabilityArea,
    insightArea,
    webArea,
    discoverArea,
    dropFilterArea,
    s3FetcherArea,
    snapshotArea,
    archiveArea,
  ];

  const { ingest } = ingestArea.services;
  const leases = createControlPlaneLeaseStore(controlPlane.db);
  const scheduler = createJobRunner({ clock, logger, leases, onRun: (job, outcome, ms) => metrics.jobRan(job, outcome, ms) });
  const jobNames = areas.flatMap((area) => area.jobs.map((job) => job.name));
  metrics.observe({
    engine: logStore,
    queuedBytes: () => ingest.stats().queuedBytes,
    queuedRequests: () => ingest.stats().queuedRequests,
    runningJobs: () => (config.roles.includes('scheduler') ? scheduler.running() : []),
    leaseHolders: async () => {
      if (!config.roles.includes('scheduler')) return [];
      const now = clock.now();
      const held = await Promise.all(jobNames.map(async (job) => ({ job, lease: await leases.holderOf(job, now) })));
      return held.flatMap(({ job, lease }) =>
        lease === undefined ? [] : [{ job, heldByThisProcess: lease.holder === scheduler.holder, expiresInMs: lease.expiresAtMs - now }],
      );
    },
  });
  // /ready answers 503 once shutdown begins, so a load balancer stops sending before the ports close.
  let stopping = false;
  const readinessChecks = [
    ...operabilityArea.services.readinessChecks,
    {
      name: 'process',
      check: async () => {
        if (stopping) throw new Error('shutting down');
      },
    },
  ];
  const opsDeps = { registry: operabilityArea.services.metricsRegistry, checks: readinessChecks };
  registerOpsEndpoints(ingest.http, opsDeps);
  const ops = config.opsPort === undefined ? undefined : buildOpsServer(logger, opsDeps);
  const sharedInFlight = createSharedInFlight({ db: controlPlane.db, clock, logger });
  const api = await buildApiServer({
    logger,
    region: config.region,
    version: readVersion(),
    maxConcurrentRequestsPerAccount: config.maxConcurrentRequestsPerAccount,
    trustedProxies: config.trustedProxies,
    clusterInFlight: sharedInFlight.cluster,
    metricsRegistry: operabilityArea.services.metricsRegistry,
    authenticateApiToken: (token) => tokens.authenticateApiToken(token),
    authenticateSharedToken: (token) => sharedTokens.authenticate(token),
    authenticateSession: webArea.services.authenticateSession,
    readinessChecks,
    routes: areas.flatMap((area) => area.routes),
  });

  let started = false;
  let ingestPorts: IngestPorts | undefined;
  return {
    config,
    controlPlane,
    bootstrap,
    api,
    logStore,
    usage,
    listener: ingest.http,
    ingestPorts: () => ingestPorts,
    alertEvaluation: detection,
    detection,
    retentionJob: operabilityArea.services.retentionJob,
    wordCountJob: operabilityArea.services.wordCountJob,
    featureGrants,
    insightLearning,
    s3Fetching: s3FetcherArea.services.s3Fetching,
    blobs,
    snapshots: snapshotArea.services.snapshots,
    tasks: snapshotArea.services.tasks,
    archive: archiveArea.services,
    async start() {
      sharedStatements?.start();
      if (config.roles.includes('api')) {
        sharedInFlight.start();
        await api.listen({ host: config.apiHost, port: config.apiPort });
      }
      if (config.roles.includes('ingest')) {
        ingestPorts = await ingest.start({
          host: config.apiHost,
          listenerPort: config.listenerPort,
          syslogTcpPort: config.syslogTcpPort,
          syslogUdpPort: config.syslogUdpPort,
        });
      }
      if (config.roles.includes('scheduler')) {
        scheduler.start(areas.flatMap((area) => area.jobs));
        snapshotArea.services.tasks.start();
        archiveArea.services.restoreTasks.start();
      }
      // Last: a probe that reaches the ops port finds every role started.
      if (ops !== undefined) await ops.listen({ host: config.apiHost, port: config.opsPort });
      started = true;
    },
    opsPort: () => {
      const address = ops?.server.address();
      return typeof address === 'object' && address !== null ? address.port : undefined;
    },
    async stop() {
      stopping = true;
      const begun = performance.now();
      // Within LOGWARD_SHUTDOWN_TIMEOUT_MS (issue 51): the roles stop side by side; 40 % of the budget for requests
      // and jobs to finish, then the API's connections are cut and the jobs' leases released whether or not they
      // returned. Ingest always drains: what it acknowledged is written before the stores close. A render cut short
      // goes back to the queue (its attempt not counted) for the next process.
      const graceMs = Math.floor(config.shutdownTimeoutMs * 0.4);
      const runsApi = config.roles.includes('api') || api.server.listening;
      const runsIngest = config.roles.includes('ingest') || ingestPorts !== undefined;
      const phase = <T>(name: string, work: Promise<T>): Promise<T> =>
        work.finally(() => logger.info({ phase: name, ms: Math.round(performance.now() - begun) }, 'shutdown phase done'));
      await Promise.all([
        // A server of a role this process does not run is left alone: closing a Fastify instance that never started
        // readies it first (every route compiled), which took 5-7 s of a 10 s budget on a loaded machine.
        phase(
          'api',
          (runsApi ? closeWithin(api, graceMs) : Promise.resolve()).then(() => sharedInFlight.stop()),
        ),
        phase('scheduler', scheduler.stop(graceMs)),
        phase('tasks', Promise.all([snapshotArea.services.tasks.stop(), archiveArea.services.restoreTasks.stop()])),
        phase(
          'ingest',
          (runsIngest ? ingest.stop() : Promise.resolve()).then(() => dropFilterView.stop()),
        ),
      ]);
      notificationArea.services.email.close();
      // Searches and jobs are done: this process's statements stop counting for the others at once.
      await sharedStatements?.stop();
      // A job that ignored its signal may still hold statements and connections; closing the stores waits for them
      // only while the budget lasts (the process exits next, which ends them).
      const left = (): number => Math.max(0, config.shutdownTimeoutMs - 1_000 - (performance.now() - begun));
      const closed = await settleWithin(
        (async () => {
          await logStore.close();
          await blobs.close();
          await ops?.close();
          await controlPlane.close();
        })(),
        left(),
      );
      if (!closed) logger.warn({ timeoutMs: config.shutdownTimeoutMs }, 'stores still busy at the end of the shutdown budget; exiting');
      if (started) logger.info('logward stopped');
    },
  };
}
