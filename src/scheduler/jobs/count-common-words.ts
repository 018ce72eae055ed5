import type { Logger } from '../../shared/logger.js';
import type { LogAdmin } from '../../storage/log-store.js';
import type { Job } from '../job-runner.js';

export interface CountCommonWordsDeps {
  readonly logStore: Pick<LogAdmin, 'countCommonWords'>;
  readonly logger: Logger;
  readonly intervalMs: number;
}

/**
 * Keeps the counts of the words most logs hold up to date (decision 0197): the parts merges and inserts wrote since
 * the last run are counted, those merged away forgotten. Until a part is counted, searches count its words themselves.
 */
export function countCommonWordsJob(deps: CountCommonWordsDeps): Job {
  return {
    name: 'count-common-words',
    intervalMs: deps.intervalMs,
    jitterMs: Math.min(10_000, Math.floor(deps.intervalMs / 10)),
    // A big part's words take a while in the background lane; a run that overruns just skips the next slot.
    timeoutMs: Math.max(deps.intervalMs * 10, 600_000),
    async run(signal) {
      const pass = await deps.logStore.countCommonWords(signal);
      if (pass.counted > 0 || pass.forgotten > 0) deps.logger.info(pass, 'common words counted');
    },
  };
}
