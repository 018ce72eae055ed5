import type { Registry } from 'prom-client';
import type { ReadinessCheck } from '../../http/operability-routes.js';
import type { AccountService } from '../../modules/accounts/index.js';
import type { Job } from '../../scheduler/job-runner.js';
import { countCommonWordsJob } from '../../scheduler/jobs/count-common-words.js';
import { enforceRetentionJob, type EnforceRetentionDeps } from '../../scheduler/jobs/enforce-retention.js';
import type { ControlPlane } from '../../storage/control-plane/index.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface OperabilityServices {
  readonly metricsRegistry: Registry;
  readonly readinessChecks: readonly ReadinessCheck[];
  /** The retention job the scheduler role runs (tests run it directly). */
  readonly retentionJob: Job;
  /** The job that counts the words most logs hold (decision 0197; tests run it directly). */
  readonly wordCountJob: Job;
}

/**
 * Metrics, readiness and the store's upkeep jobs (retention, word counts); /health, /ready and /metrics are served by
 * the API server itself.
 */
export function wireOperability(
  ctx: WiringContext,
  deps: {
    readonly controlPlane: ControlPlane;
    readonly accounts: AccountService;
    /** Archives are written before retention deletes (decision 0701). */
    readonly archive?: EnforceRetentionDeps['archive'];
  },
): AreaWiring<OperabilityServices> {
  const { config, clock, logger, logStore } = ctx;
  const metricsRegistry = ctx.metrics.registry;
  const retentionJob = enforceRetentionJob({
    listAccounts: () => deps.accounts.listAllAccounts(),
    logStore,
    clock,
    logger,
    intervalMs: config.retention.enforceIntervalMs,
    ...(deps.archive === undefined ? {} : { archive: deps.archive }),
  });
  const wordCountJob = countCommonWordsJob({ logStore, logger, intervalMs: config.wordCountIntervalMs });
  return {
    services: {
      metricsRegistry,
      readinessChecks: [
        { name: 'control-plane', check: () => deps.controlPlane.ping() },
        { name: 'log-store', check: () => logStore.ping() },
      ],
      retentionJob,
      wordCountJob,
    },
    routes: [],
    jobs: [retentionJob, wordCountJob],
  };
}
