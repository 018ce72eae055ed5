import { createDetectionEngine, type DetectionEngine } from '../../detection/index.js';
import type { AccountService } from '../../modules/accounts/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import type { OwnLogWriter } from '../../modules/own-logs/index.js';
import { createLogQuestions, type SearchService } from '../../modules/search/index.js';
import { runDetectionJob } from '../../scheduler/jobs/run-detection.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface DetectionWiringDeps {
  readonly accounts: AccountService;
  readonly search: SearchService;
  readonly notifications: NotificationService;
  readonly ownLogs: OwnLogWriter;
}

export interface DetectionWiringOptions {
  /** Overrides the configured settle delay (tests set 0 with a manual clock). */
  readonly alertSettleDelayMs?: number;
  /** Overrides the configured concurrency. */
  readonly alertConcurrency?: number;
}

/**
 * The detection engine (decisions 0340, 0692), wired on its own: `config.detection`, the `run-detection` job of the
 * scheduler role. Rule kinds (alerts, security rules …) register on it from their own areas.
 */
export function wireDetection(
  ctx: WiringContext,
  deps: DetectionWiringDeps,
  options: DetectionWiringOptions,
): AreaWiring<{ readonly detection: DetectionEngine }> {
  const { config, clock, logger, db } = ctx;
  const tuning = config.detection;
  const settleDelayMs = options.alertSettleDelayMs ?? tuning.settleDelayMs;
  const intervalMs = tuning.intervalSeconds * 1000;
  const detection = createDetectionEngine({
    db,
    clock,
    logger,
    questions: createLogQuestions({ search: deps.search, getAccount: (id) => deps.accounts.getAccount(id) }),
    notify: (input) => deps.notifications.notify(input),
    writeEventLogs: deps.ownLogs.append,
    settings: {
      intervalMs,
      settleDelayMs,
      concurrency: options.alertConcurrency ?? tuning.concurrency,
      evaluationTimeoutMs: tuning.evaluationTimeoutMs,
      maxWindowsPerCycle: tuning.maxWindowsPerCycle,
      samplesPerNotification: tuning.samplesPerNotification,
    },
  });
  return {
    services: { detection },
    routes: [],
    jobs: [runDetectionJob(detection, intervalMs, settleDelayMs, logger, (report) => ctx.metrics.detectionCycle(report))],
  };
}
