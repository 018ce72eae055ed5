/** Bytes of logs accepted and refused (daily cap) per account and UTC day; feeds `dailyUsagesList`. */
export interface DailyUsageTable {
  account_id: number;
  /** Start of the UTC day, epoch ms. */
  day: number;
  accepted_bytes: number;
  refused_bytes: number;
}

/** Bytes of an account's daily cap granted to ingest processes; never more than the cap (issue 51). */
export interface DailyCapGrantsTable {
  account_id: number;
  day: number;
  granted_bytes: number;
}

export interface UsageTables {
  daily_usage: DailyUsageTable;
  daily_cap_grants: DailyCapGrantsTable;
}
