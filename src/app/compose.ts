import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config/index.js';
import { buildApiServer } from '../http/build-server.js';
import type { FastifyRequest } from 'fastify';
import { elasticsearchErrorItem } from '../http/plugins/error-handler.js';
import { createIngest, type IngestPorts } from '../ingest/index.js';
import { accountRepository, createAccountService, subAccountRoutes, whoamiRoutes, type BootstrapResult } from '../modules/accounts/index.js';
import {
  alertRoutes,
  createAlertEvaluationService,
  createAlertService,
  createFiringDispatcher,
  createSearchQueryRunner,
  createTriggeredAlertService,
  triggeredAlertRoutes,
  type AlertActor,
  type AlertEvaluationService,
} from '../modules/alerts/index.js';
import { createMarkerService, markerRoutes } from '../modules/markers/index.js';
import {
  DEFAULT_INTEGRATION_URLS,
  DEFAULT_RETRY_POLICY,
  createEmailSender,
  createNotificationService,
  createSecretBox,
  endpointRoutes,
  type IntegrationUrls,
  type RetryPolicy,
} from '../modules/notifications/index.js';
import { authGroupRoutes, createAuthGroupService } from '../modules/auth-groups/index.js';
import { createEsCompatService, createSearchService, esRoutes, searchRoutes } from '../modules/search/index.js';
import { createTokenManagementService, createTokenService, tokenRoutes } from '../modules/tokens/index.js';
import { createUsageService, type UsageService } from '../modules/usage/index.js';
import { createUserService, userRoutes } from '../modules/users/index.js';
import { parseSearchRequest } from '../query/index.js';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { createAddressPolicy, createOutboundClient } from '../outbound/index.js';
import { openControlPlane, type ControlPlane } from '../storage/control-plane/index.js';
import { createJobRunner, type Job } from '../scheduler/job-runner.js';
import { enforceRetentionJob } from '../scheduler/jobs/enforce-retention.js';
import { evaluateAlertsJob } from '../scheduler/jobs/evaluate-alerts.js';
import { createControlPlaneLeaseStore } from '../scheduler/lease-store.js';
import type { LogDocument } from '../storage/log-store.js';
import { loadSecretKey } from './secret-key.js';
import type { LogStore } from '../storage/log-store.js';
import { openLogStore } from '../storage/open-log-store.js';

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
  /** How long after a window ends alerts judge it (default 30 s; tests set 0 with a manual clock). */
  readonly alertSettleDelayMs?: number;
  /** Alerts evaluated at the same time (default 1 on embedded chDB, 4 on a ClickHouse server). */
  readonly alertConcurrency?: number;
}

export interface App {
  readonly config: AppConfig;
  readonly controlPlane: ControlPlane;
  readonly bootstrap: BootstrapResult;
  /** The API server (built also when the api role is off, so tests can inject). */
  readonly api: FastifyInstance;
  readonly logStore: LogStore;
  readonly usage: UsageService;
  /** The log listener (Logz.io bulk and Elasticsearch ingest), built also when the ingest role is off. */
  readonly listener: FastifyInstance;
  /** Where the ingest role listens once started (ports resolved when configured as 0). */
  ingestPorts(): IngestPorts | undefined;
  /** The alert engine; the scheduler role runs its cycle every alert interval (tests call it directly). */
  readonly alertEvaluation: AlertEvaluationService;
  /** The retention job the scheduler role runs every ten minutes (tests run it directly). */
  readonly retentionJob: Job;
  /** Binds the ports of the configured roles. */
  start(): Promise<void>;
  /** Stops accepting work, lets in-flight requests finish, closes stores. */
  stop(): Promise<void>;
}

function readVersion(): string {
  const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/** How often logs past retention are deleted (TTL alone waits for merges). */
const RETENTION_INTERVAL_MS = 10 * 60_000;

/** Days of usage the detailed account view lists (Logz.io shows the recent month). */
const DAILY_USAGE_DAYS = 30;

/** The composition root: the only place that knows every component and wires them together. */
export async function composeApp(deps: AppDeps): Promise<App> {
  const { config, clock, logger } = deps;
  if (config.controlPlaneUrl.startsWith('sqlite:')) fs.mkdirSync(config.dataDir, { recursive: true });
  const controlPlane = deps.controlPlane ?? (await openControlPlane(config.controlPlaneUrl));
  const db = controlPlane.db;

  const usage = createUsageService({ db, clock });
  // An ingest-only process runs no searches: one query Session (for /ready) spares the others' start-up.
  const queriesRun = config.roles.includes('api') || config.roles.includes('scheduler');
  const logStore = await openLogStore(
    { url: config.logStoreUrl, memoryBytes: config.logStoreMemoryBytes, ...(queriesRun ? {} : { querySessions: 1 }) },
    { logger, clock },
  );
  const tokens = createTokenService({ db, clock });
  const accounts = createAccountService({
    db,
    clock,
    tokens,
    dailyUsage: (accountId) => usage.usageFor(accountId, DAILY_USAGE_DAYS),
    // A deleted account's logs go with it; the control-plane rows are already gone when this runs.
    onAccountDeleted: [(accountId) => logStore.deleteAccount(accountId)],
  });
  const users = createUserService({ db, clock, scope: accounts.scope });
  const tokenManagement = createTokenManagementService({ db, clock, tokens, scope: accounts.scope });
  const authGroups = createAuthGroupService({ db, clock });
  const bootstrap = await accounts.bootstrap({
    region: config.region,
    adminEmail: config.bootstrapAdminEmail,
    apiToken: config.bootstrapApiToken,
    shippingToken: config.bootstrapShippingToken,
  });

  const ingest = createIngest({
    logger,
    clock,
    store: logStore,
    usage,
    resolveShippingToken: (token) => tokens.resolveShippingToken(token),
    getAccount: (accountId) => accounts.getAccount(accountId),
  });

  const search = createSearchService({ logStore, clock, getAccount: (id) => accounts.getAccount(id), parseSearchRequest });
  const esCompat = createEsCompatService({ search, logStore, clock, describeError: elasticsearchErrorItem });
  const email = createEmailSender(config.smtpUrl, config.smtpFrom, 10_000);
  const notifications = createNotificationService({
    db,
    clock,
    logger,
    secretBox: createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    email,
    retryPolicy: deps.deliveryRetryPolicy ?? DEFAULT_RETRY_POLICY,
    integrationUrls: deps.integrationUrls ?? DEFAULT_INTEGRATION_URLS,
    outbound: createOutboundClient({ policy: createAddressPolicy(config.outboundAllowCidrs) }),
  });

  /** The accounts an account may search: itself and, for a main account, its searchable sub accounts. */
  const searchableAccountIds = async (accountId: number): Promise<number[]> => {
    const account = await accounts.getAccount(accountId);
    if (account === undefined) return [];
    if (account.ownerAccountId !== null) return [account.id];
    const tree = await accountRepository.listTree(db, account.id);
    return tree.filter((member) => member.id === account.id || member.searchable).map((member) => member.id);
  };
  const alerts = createAlertService({ db, clock, unknownEndpointIds: notifications.unknownEndpointIds, searchableAccountIds });
  const triggeredAlerts = createTriggeredAlertService({ db });
  /** createdBy/updatedBy: the e-mail of whoever created the calling API token, else the account's. */
  const actorOf = async (request: FastifyRequest): Promise<AlertActor> => {
    const { accountId, tokenId } = request.principal;
    const token = (await tokens.listApiTokens(accountId)).find((candidate) => candidate.id === tokenId);
    const account = await accounts.getAccount(accountId);
    return { accountId, email: token?.createdBy ?? account?.email ?? config.bootstrapAdminEmail };
  };

  /** Appends logs Logward writes itself (alert events, markers) with the accounts' retention. */
  const appendOwnLogs = async (documents: readonly LogDocument[], dedupToken: string): Promise<void> => {
    const retention = new Map<number, number>();
    for (const accountId of new Set(documents.map((document) => document.accountId))) {
      retention.set(accountId, (await accounts.getAccount(accountId))?.retentionDays ?? 30);
    }
    await logStore.append(documents, { dedupToken, retentionDaysOf: (accountId) => retention.get(accountId) ?? 30 });
  };
  const markers = createMarkerService({ clock, appendLogs: appendOwnLogs });
  const alertSettleDelayMs = deps.alertSettleDelayMs ?? 30_000;
  const alertQueries = createSearchQueryRunner({ search, getAccount: (id) => accounts.getAccount(id) });
  const alertEvaluation = createAlertEvaluationService({
    db,
    clock,
    logger,
    runner: alertQueries,
    searchableAccountIds,
    dispatcher: createFiringDispatcher({
      db,
      clock,
      logger,
      runner: alertQueries,
      searchableAccountIds,
      notify: (input) => notifications.notify(input),
      appendEventLogs: (documents, dedupToken) => appendOwnLogs(documents, dedupToken),
      samplesPerNotification: 10,
    }),
    settings: {
      intervalMs: config.alertIntervalSeconds * 1000,
      settleDelayMs: alertSettleDelayMs,
      // The embedded engine shares the API's cores: one alert query at a time keeps searches fast (docs/benchmarks.md).
      concurrency: deps.alertConcurrency ?? (config.logStoreUrl.startsWith('chdb:') ? 1 : 4),
      evaluationTimeoutMs: 30_000,
      maxWindowsPerCycle: 10,
    },
  });
  const scheduler = createJobRunner({ clock, logger, leases: createControlPlaneLeaseStore(db) });
  const retentionJob = enforceRetentionJob({ listAccounts: () => accounts.listAllAccounts(), logStore, clock, logger, intervalMs: RETENTION_INTERVAL_MS });

  const metricsRegistry = new Registry();
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'logward_' });

  const api = await buildApiServer({
    logger,
    region: config.region,
    version: readVersion(),
    maxConcurrentRequestsPerAccount: config.maxConcurrentRequestsPerAccount,
    metricsRegistry,
    authenticateApiToken: (token) => tokens.authenticateApiToken(token),
    readinessChecks: [
      { name: 'control-plane', check: () => controlPlane.ping() },
      { name: 'log-store', check: () => logStore.ping() },
    ],
    routes: [
      whoamiRoutes(accounts),
      subAccountRoutes(accounts),
      userRoutes(users),
      tokenRoutes(tokenManagement),
      authGroupRoutes(authGroups),
      searchRoutes(search),
      esRoutes(esCompat),
      // Grafana's Elasticsearch datasource URL for Logz.io.
      async (app) => {
        await app.register(esRoutes(esCompat), { prefix: '/v1/elasticsearch' });
      },
      endpointRoutes(notifications),
      alertRoutes(alerts, actorOf),
      triggeredAlertRoutes(triggeredAlerts),
      markerRoutes(markers),
    ],
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
    alertEvaluation,
    retentionJob,
    async start() {
      if (config.roles.includes('api')) {
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
        scheduler.start([evaluateAlertsJob(alertEvaluation, config.alertIntervalSeconds * 1000, alertSettleDelayMs, logger), retentionJob]);
      }
      started = true;
    },
    async stop() {
      // Fastify's close stops accepting connections and waits for in-flight requests.
      await api.close();
      // Running jobs see their signal abort and return before the stores close under them.
      await scheduler.stop();
      email.close();
      // Then the listeners: in-flight requests finish and every queued batch is written before the store closes.
      await ingest.stop();
      await logStore.close();
      await controlPlane.close();
      if (started) logger.info('logward stopped');
    },
  };
}
