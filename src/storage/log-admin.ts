/** The administrative capability of the log store: retention and account lifecycle, for jobs and account deletion. */
export interface LogAdmin {
  /** Deletes logs older than each account's retention now (TTL does it lazily; this makes it prompt). */
  enforceRetention(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void>;
  /** Removes every log of an account (account deletion). */
  deleteAccount(accountId: number): Promise<void>;
}
