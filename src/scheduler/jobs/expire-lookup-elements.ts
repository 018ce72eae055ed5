import type { Logger } from '../../shared/logger.js';
import type { Job } from '../job-runner.js';

export interface ExpireLookupElementsDeps {
  /** Removes the elements expired now; returns how many went. */
  readonly removeExpired: () => Promise<number>;
  readonly logger: Logger;
  readonly intervalMs: number;
}

/**
 * Deletes lookup list elements past their expirationDate. Matching never waits for it (resolvers leave expired
 * elements out at query time); it keeps lists and their searches small.
 */
export function expireLookupElementsJob(deps: ExpireLookupElementsDeps): Job {
  return {
    name: 'expire-lookup-elements',
    intervalMs: deps.intervalMs,
    jitterMs: Math.min(10_000, Math.floor(deps.intervalMs / 10)),
    timeoutMs: Math.max(deps.intervalMs, 60_000),
    async run() {
      const removed = await deps.removeExpired();
      if (removed > 0) deps.logger.info({ removed }, 'expired lookup elements removed');
    },
  };
}
