import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

/** What the job drives: one pass over every active S3 fetcher (src/modules/s3-fetchers). */
export interface S3FetchingCycle {
  runCycle(
    signal: AbortSignal,
  ): Promise<{ readonly fetchers: number; readonly objects: number; readonly logs: number; readonly errors: number }>;
}

/** How often buckets are listed for new objects. */
export const S3_FETCH_INTERVAL_MS = 60_000;

export function fetchS3BucketsJob(cycle: S3FetchingCycle, logger: Logger, intervalMs = S3_FETCH_INTERVAL_MS): Job {
  return {
    name: 'fetch-s3-buckets',
    intervalMs,
    jitterMs: Math.min(5_000, Math.floor(intervalMs / 4)),
    // Long enough for a large backlog; a run stops between objects when it ends, so nothing is half read.
    timeoutMs: 10 * 60_000,
    async run(signal) {
      const report = await cycle.runCycle(signal);
      logger.debug({ ...report }, 'S3 fetch cycle done');
    },
  };
}
