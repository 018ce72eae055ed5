import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

/** What the job drives (src/modules/archive): the archive pass, and the expiry of restored accounts. */
export interface ArchiveLogsDeps {
  readonly archivePass: {
    run(
      signal: AbortSignal,
    ): Promise<{ readonly archives: number; readonly hours: number; readonly logs: number; readonly errors: number }>;
  };
  readonly restores: { expire(): Promise<number> };
  readonly logger: Logger;
  readonly intervalMs?: number;
}

export const ARCHIVE_INTERVAL_MS = 5 * 60_000;

/** Writes the hours that closed since the last run to each enabled archive, and deletes expired restored accounts. */
export function archiveLogsJob(deps: ArchiveLogsDeps): Job {
  const intervalMs = deps.intervalMs ?? ARCHIVE_INTERVAL_MS;
  return {
    name: 'archive-logs',
    intervalMs,
    jitterMs: Math.min(30_000, Math.floor(intervalMs / 10)),
    // A backlog of hours is worked off in passes; a run stops between hours when it ends.
    timeoutMs: 30 * 60_000,
    async run(signal) {
      const report = await deps.archivePass.run(signal);
      const expired = await deps.restores.expire();
      deps.logger.debug({ ...report, expired }, 'archive pass done');
    },
  };
}
