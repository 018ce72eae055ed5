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
}

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
    async run() {
      const accounts = await deps.listAccounts();
      const retentionDaysByAccount = new Map(accounts.map((account) => [account.id, account.retentionDays] as const));
      await deps.logStore.enforceRetention(retentionDaysByAccount, deps.clock.now());
      deps.logger.info({ accounts: accounts.length }, 'retention enforced');
    },
  };
}
