import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/index.js';
import type { Job } from '../../scheduler/job-runner.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { LogStore } from '../../storage/log-store.js';
import type { RoleMetrics } from '../cluster/role-metrics.js';

/** What every area is wired from: the configuration, the injected clock and logger, and the two opened stores. */
export interface WiringContext {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly db: ControlPlaneDb;
  readonly logStore: LogStore;
  /** Prometheus metrics of every role (src/app/cluster/role-metrics.ts). */
  readonly metrics: RoleMetrics;
}

/** One area of the app once wired: the services other areas use, its API routes and its scheduled jobs. */
export interface AreaWiring<Services> {
  readonly services: Services;
  readonly routes: readonly FastifyPluginAsync[];
  readonly jobs: readonly Job[];
}
