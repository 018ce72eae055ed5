import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config/index.js';
import { buildApiServer } from '../http/build-server.js';
import { elasticsearchErrorItem } from '../http/plugins/error-handler.js';
import { createIngest, type IngestPorts } from '../ingest/index.js';
import { createAccountService, subAccountRoutes, whoamiRoutes, type BootstrapResult } from '../modules/accounts/index.js';
import { authGroupRoutes, createAuthGroupService } from '../modules/auth-groups/index.js';
import { createEsCompatService, createSearchService, esRoutes, searchRoutes } from '../modules/search/index.js';
import { createTokenManagementService, createTokenService, tokenRoutes } from '../modules/tokens/index.js';
import { createUsageService, type UsageService } from '../modules/usage/index.js';
import { createUserService, userRoutes } from '../modules/users/index.js';
import { parseSearchRequest } from '../query/index.js';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { openControlPlane, type ControlPlane } from '../storage/control-plane/index.js';
import type { LogStore } from '../storage/log-store.js';
import { openLogStore } from '../storage/open-log-store.js';

export interface AppDeps {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  /** An already opened control plane (tests pass one in an isolated PostgreSQL schema). */
  readonly controlPlane?: ControlPlane;
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
  /** Binds the ports of the configured roles. */
  start(): Promise<void>;
  /** Stops accepting work, lets in-flight requests finish, closes stores. */
  stop(): Promise<void>;
}

function readVersion(): string {
  const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

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
      started = true;
    },
    async stop() {
      // Fastify's close stops accepting connections and waits for in-flight requests.
      await api.close();
      // Then the listeners: in-flight requests finish and every queued batch is written before the store closes.
      await ingest.stop();
      await logStore.close();
      await controlPlane.close();
      if (started) logger.info('logward stopped');
    },
  };
}
