import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

/** Deletes snapshots past their 30 days with their images, once an hour across all processes. */
export function expireSnapshotsJob(deps: { readonly expire: () => Promise<number>; readonly logger: Logger }): Job {
  return {
    name: 'expire-snapshots',
    intervalMs: 3_600_000,
    jitterMs: 60_000,
    timeoutMs: 600_000,
    async run() {
      const deleted = await deps.expire();
      if (deleted > 0) deps.logger.info({ deleted }, 'expired snapshots deleted');
    },
  };
}
