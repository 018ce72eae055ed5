import type { CycleReport, DetectionEngine } from '../../detection/index.js';
import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

/**
 * The detection cycle (every rule kind: alerts, security rules …) as a scheduled job: one cycle per interval, phased
 * to start when the newest window has settled (its end plus the settle delay), so no window waits a whole extra cycle.
 * It was `evaluate-alerts` before the engine had its own wiring (decision 0692).
 */
export function runDetectionJob(
  evaluation: DetectionEngine,
  intervalMs: number,
  settleDelayMs: number,
  logger: Logger,
  onReport: (report: CycleReport) => void = () => undefined,
): Job {
  return {
    name: 'run-detection',
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
