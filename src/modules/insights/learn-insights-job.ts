import type { Job } from '../../scheduler/job-runner.js';
import type { Logger } from '../../shared/logger.js';
import type { InsightLearning } from './insight-learning.js';

/** How often new warning and error logs are learned. */
export const INSIGHT_LEARNING_INTERVAL_MS = 60_000;

export function learnInsightsJob(learning: InsightLearning, logger: Logger): Job {
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
