import type { CycleReport, DetectionEngine } from '../../detection/index.js';
import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

/**
 * The alert evaluation cycle as a scheduled job: one cycle per alert interval, phased to start when the
 * newest window has settled (its end plus the settle delay), so no window waits a whole extra cycle.
 */
export function evaluateAlertsJob(
  evaluation: DetectionEngine,
  intervalMs: number,
  settleDelayMs: number,
  logger: Logger,
  onReport: (report: CycleReport) => void = () => undefined,
): Job {
  return {
    name: 'evaluate-alerts',
    intervalMs,
    phaseMs: settleDelayMs % intervalMs,
    jitterMs: Math.min(1_000, Math.floor(intervalMs / 10)),
    timeoutMs: Math.max(intervalMs, 30_000),
    async run(signal) {
      const report = await evaluation.runCycle(signal);
      onReport(report);
      logger.info(
        {
          rules: report.rules,
          windows: report.windowsJudged,
          firings: report.firings,
          failures: report.failures,
          dispatched: report.dispatched,
        },
        'detection cycle done',
      );
    },
  };
}
