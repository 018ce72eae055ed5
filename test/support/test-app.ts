import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { composeApp, type App, type AppDeps } from '../../src/app/compose.js';
import type { IngestPorts } from '../../src/ingest/index.js';
import { createLogger } from '../../src/app/create-logger.js';
import type { Logger } from '../../src/shared/logger.js';
import { loadConfig, type AppConfig } from '../../src/config/index.js';
import { createManualClock, systemClock, type Clock } from '../../src/shared/clock.js';
import type { ControlPlaneBackend } from './control-plane-backends.js';

export interface TestApp {
  readonly app: App;
  readonly api: FastifyInstance;
  readonly config: AppConfig;
  readonly apiToken: string;
  readonly shippingToken: string;
  readonly mainAccountId: number;
  readonly dataDir: string;
  /** The log listener server (inject into it without listening). */
  readonly listener: FastifyInstance;
  /** Binds the API and the ingest listeners on port 0; answers the listener and syslog addresses. */
  listen(): Promise<IngestPorts & { readonly listenerUrl: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The service logger (default: silent unless LOGWARD_LOG_LEVEL says otherwise). */
  readonly logger?: Logger;
  readonly backend: ControlPlaneBackend;
  readonly clock?: Clock;
  readonly env?: Readonly<Record<string, string>>;
  /** Extra composition options (integration URLs, delivery retry policy). */
  readonly compose?: Partial<
    Pick<AppDeps, 'integrationUrls' | 'deliveryRetryPolicy' | 'alertSettleDelayMs' | 'wordCountLimits' | 'snapshotTasks'>
  >;
}

export const TEST_API_TOKEN = 'test-api-token-0000000000000001';
export const TEST_SHIPPING_TOKEN = 'testshippingtoken000000000000001';

/** A whole Logward app on an isolated store and a temporary data dir; nothing listens until asked. */
export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-app-'));
  const opened = await options.backend.open();
  const config = loadConfig({
    LOGWARD_DATA_DIR: dataDir,
    LOGWARD_API_PORT: '0',
    LOGWARD_LISTENER_PORT: '0',
    LOGWARD_SYSLOG_TCP_PORT: '0',
    LOGWARD_SYSLOG_UDP_PORT: '0',
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_BOOTSTRAP_API_TOKEN: TEST_API_TOKEN,
    LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: TEST_SHIPPING_TOKEN,
    LOGWARD_CONTROL_PLANE_URL: opened.url,
    // One in-process app on a PostgreSQL schema with its own embedded log store (see LOGWARD_SINGLE_NODE).
    LOGWARD_SINGLE_NODE: 'true',
    // Webhook receivers of the tests listen on loopback, which user URLs may not reach by default.
    LOGWARD_OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    ...options.env,
  });
  const app = await composeApp({
    config,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? createLogger(process.env.LOGWARD_LOG_LEVEL ?? 'silent'),
    controlPlane: opened.controlPlane,
    ...options.compose,
  });
  if (!app.bootstrap.created) throw new Error('test app expected a fresh store');
  return {
    app,
    api: app.api,
    config,
    apiToken: app.bootstrap.apiToken,
    shippingToken: app.bootstrap.shippingToken,
    mainAccountId: app.bootstrap.account.id,
    dataDir,
    listener: app.listener,
    async listen() {
      await app.start();
      const ports = app.ingestPorts();
      if (ports === undefined) throw new Error('the test app runs without the ingest role');
      return { ...ports, listenerUrl: `http://127.0.0.1:${ports.listenerPort}` };
    },
    async close() {
      await app.stop();
      await opened.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { createManualClock };
