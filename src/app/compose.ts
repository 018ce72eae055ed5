import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config/index.js';
import { buildApiServer } from '../http/build-server.js';
import type { FastifyRequest } from 'fastify';
import { accountRepository, createAccountService, subAccountRoutes, whoamiRoutes, type BootstrapResult } from '../modules/accounts/index.js';
import { alertRoutes, createAlertService, createTriggeredAlertService, triggeredAlertRoutes, type AlertActor } from '../modules/alerts/index.js';
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
import { createTokenManagementService, createTokenService, tokenRoutes } from '../modules/tokens/index.js';
import { createUserService, userRoutes } from '../modules/users/index.js';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { openControlPlane, type ControlPlane } from '../storage/control-plane/index.js';
import { loadSecretKey } from './secret-key.js';

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
}

export interface App {
  readonly config: AppConfig;
  readonly controlPlane: ControlPlane;
  readonly bootstrap: BootstrapResult;
  /** The API server (built also when the api role is off, so tests can inject). */
  readonly api: FastifyInstance;
  /** Binds the ports of the configured roles. */
  start(): Promise<void>;
  /** Stops accepting work, lets in-flight requests finish, closes stores. */
  stop(): Promise<void>;
}

function readVersion(): string {
  const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/** The composition root: the only place that knows every component and wires them together. */
export async function composeApp(deps: AppDeps): Promise<App> {
  const { config, clock, logger } = deps;
  if (config.controlPlaneUrl.startsWith('sqlite:')) fs.mkdirSync(config.dataDir, { recursive: true });
  const controlPlane = deps.controlPlane ?? (await openControlPlane(config.controlPlaneUrl));
  const db = controlPlane.db;

  const tokens = createTokenService({ db, clock });
  const accounts = createAccountService({ db, clock, tokens, dailyUsage: async () => [], onAccountDeleted: [] });
  const users = createUserService({ db, clock, scope: accounts.scope });
  const tokenManagement = createTokenManagementService({ db, clock, tokens, scope: accounts.scope });
  const authGroups = createAuthGroupService({ db, clock });
  const bootstrap = await accounts.bootstrap({
    region: config.region,
    adminEmail: config.bootstrapAdminEmail,
    apiToken: config.bootstrapApiToken,
    shippingToken: config.bootstrapShippingToken,
  });

  const email = createEmailSender(config.smtpUrl, config.smtpFrom, 10_000);
  const notifications = createNotificationService({
    db,
    clock,
    logger,
    secretBox: createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    email,
    retryPolicy: deps.deliveryRetryPolicy ?? DEFAULT_RETRY_POLICY,
    integrationUrls: deps.integrationUrls ?? DEFAULT_INTEGRATION_URLS,
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

  const metricsRegistry = new Registry();
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'logward_' });

  const api = await buildApiServer({
    logger,
    region: config.region,
    version: readVersion(),
    maxConcurrentRequestsPerAccount: config.maxConcurrentRequestsPerAccount,
    metricsRegistry,
    authenticateApiToken: (token) => tokens.authenticateApiToken(token),
    readinessChecks: [{ name: 'control-plane', check: () => controlPlane.ping() }],
    routes: [
      whoamiRoutes(accounts),
      subAccountRoutes(accounts),
      userRoutes(users),
      tokenRoutes(tokenManagement),
      authGroupRoutes(authGroups),
      endpointRoutes(notifications),
      alertRoutes(alerts, actorOf),
      triggeredAlertRoutes(triggeredAlerts),
    ],
  });

  let started = false;
  return {
    config,
    controlPlane,
    bootstrap,
    api,
    async start() {
      if (config.roles.includes('api')) {
        await api.listen({ host: config.apiHost, port: config.apiPort });
      }
      started = true;
    },
    async stop() {
      // Fastify's close stops accepting connections and waits for in-flight requests.
      await api.close();
      email.close();
      await controlPlane.close();
      if (started) logger.info('logward stopped');
    },
  };
}
