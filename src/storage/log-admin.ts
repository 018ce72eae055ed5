/** The administrative capability of the log store: retention and account lifecycle, for jobs and account deletion. */
export interface LogAdmin {
  /** Deletes logs older than each account's retention now (TTL does it lazily; this makes it prompt). */
  enforceRetention(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void>;
  /**
   * Brings the counts of the words most logs hold up to date (decision 0197): counts the parts written since, forgets
   * those merged away. Exact totals of one-word searches read them; without them the totals are counted row by row.
   */
  countCommonWords(signal?: AbortSignal): Promise<{ readonly counted: number; readonly forgotten: number }>;
  /** Removes every log of an account (account deletion). */
  deleteAccount(accountId: number): Promise<void>;
}
