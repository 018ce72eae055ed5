import type { Account } from '../../modules/accounts/index.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { LogAdmin } from '../../storage/log-store.js';
import type { Job } from '../job-runner.js';

export interface EnforceRetentionDeps {
  readonly listAccounts: () => Promise<readonly Account[]>;
  readonly logStore: Pick<LogAdmin, 'enforceRetention'>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly intervalMs: number;
  /**
   * Archives (decision 0701): run first, so each closed hour is written before anything of it is deleted, then
   * tell how far each archived account got; nothing of theirs past that is deleted.
   */
  readonly archive?: {
    run(signal: AbortSignal): Promise<unknown>;
    archivedThrough(): Promise<ReadonlyMap<number, number>>;
  };
}

const MS_PER_DAY = 86_400_000;

/**
 * Deletes logs past each account's retention. The table's TTL does it too, but only when a merge runs
 * (hours on a quiet table); searches already hide such logs, this job frees their disk promptly.
 */
export function enforceRetentionJob(deps: EnforceRetentionDeps): Job {
  return {
    name: 'enforce-retention',
    intervalMs: deps.intervalMs,
    jitterMs: Math.min(30_000, Math.floor(deps.intervalMs / 10)),
    timeoutMs: Math.max(deps.intervalMs, 60_000),
    async run(signal) {
      if (deps.archive !== undefined) await deps.archive.run(signal);
      const archived = (await deps.archive?.archivedThrough()) ?? new Map<number, number>();
      const accounts = await deps.listAccounts();
      const now = deps.clock.now();
      const retentionDaysByAccount = new Map(
        accounts.map((account) => {
          const through = archived.get(account.id);
          // An archive behind retention holds the deletion back to the hours it has written.
          const held = through === undefined ? 0 : Math.ceil((now - through) / MS_PER_DAY);
          return [account.id, Math.max(account.retentionDays, held)] as const;
        }),
      );
      await deps.logStore.enforceRetention(retentionDaysByAccount, now);
      deps.logger.info({ accounts: accounts.length }, 'retention enforced');
    },
  };
}
