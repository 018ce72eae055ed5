/**
 * The accounts module's control-plane tables (row shapes shared by SQLite and PostgreSQL: booleans 0/1, times
 * epoch ms). Its migrations are in ./migrations/, numbered in the accounts range (docs/decisions/0320).
 */
export interface AccountsTable {
  id: number;
  name: string;
  region: string;
  /** null for a main (owner) account. */
  owner_account_id: number | null;
  /** OWNER_ACCOUNT, SUB_ACCOUNT or SECURITY_ACCOUNT. */
  account_type: string;
  email: string | null;
  retention_days: number;
  max_daily_gb: number;
  reserved_daily_gb: number | null;
  is_flexible: number;
  searchable: number;
  accessible: number;
  doc_size_setting: number;
  active: number;
  /** JSON text: the remaining settings (sharingObjectsAccounts, utilizationSettings, softLimitGB, …). */
  settings: string;
  created_at: number;
  updated_at: number;
  last_updater_user_id: number | null;
}

export interface AccountTables {
  accounts: AccountsTable;
}
