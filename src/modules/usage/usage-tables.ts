/** Bytes of logs accepted and refused (daily cap) per account and UTC day; feeds `dailyUsagesList`. */
export interface DailyUsageTable {
  account_id: number;
  /** Start of the UTC day, epoch ms. */
  day: number;
  accepted_bytes: number;
  refused_bytes: number;
}

export interface UsageTables {
  daily_usage: DailyUsageTable;
}
