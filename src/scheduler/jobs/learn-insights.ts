import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

/** What the job drives: one learning cycle over the granted accounts (src/modules/insights). */
export interface InsightLearningCycle {
  runCycle(signal: AbortSignal): Promise<{ readonly accounts: number; readonly logs: number; readonly insightsTouched: number }>;
}

/** How often new warning and error logs are learned. */
export const INSIGHT_LEARNING_INTERVAL_MS = 60_000;

export function learnInsightsJob(learning: InsightLearningCycle, logger: Logger): Job {
  return {
    name: 'learn-insights',
    intervalMs: INSIGHT_LEARNING_INTERVAL_MS,
    jitterMs: 5_000,
    timeoutMs: 120_000,
    async run(signal) {
      const report = await learning.runCycle(signal);
      logger.debug({ accounts: report.accounts, logs: report.logs, insights: report.insightsTouched }, 'insight learning cycle done');
    },
  };
}
