import type { Generated, Kysely } from 'kysely';

/**
 * Row shapes of the control-plane database, shared by SQLite and PostgreSQL. Booleans are stored as
 * 0/1 integers and times as epoch milliseconds so that both dialects read back the same JS values.
 * Add a table here together with a new migration in ./migrations/.
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

export interface UsersTable {
  id: number;
  username: string;
  full_name: string;
  created_at: number;
  updated_at: number;
}

/** A user's membership of one account; Logz.io lists a user once per account. */
export interface AccountUsersTable {
  account_id: number;
  user_id: number;
  role: string;
  suspended: number;
  created_at: number;
}

export interface ApiTokensTable {
  id: number;
  account_id: number;
  name: string;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  token_hash: string;
  created_at: number;
  created_by: string | null;
  last_used_at: number | null;
}

export interface ShippingTokensTable {
  id: number;
  account_id: number;
  name: string;
  /** Shipping tokens are read back by users (and by the detailed account view), so they are kept. */
  token: string;
  enabled: number;
  created_at: number;
  updated_at: number;
  created_by: string | null;
  updated_by: string | null;
}

/** Bytes of logs accepted and refused (daily cap) per account and UTC day; feeds `dailyUsagesList`. */
export interface DailyUsageTable {
  account_id: number;
  /** Start of the UTC day, epoch ms. */
  day: number;
  accepted_bytes: number;
  refused_bytes: number;
}

export interface KeyValueTable {
  key: string;
  value: string;
}

/** One SSO group of an account and the role its members get; `position` keeps the submitted order. */
export interface AuthenticationGroupsTable {
  account_id: number;
  group_name: string;
  user_role: string;
  position: number;
}

/** Every user session of the account started before `revoked_at` is over (the web UI checks this). */
export interface SessionRevocationsTable {
  id: number;
  account_id: number;
  reason: string;
  revoked_at: number;
}

export interface NotificationEndpointsTable {
  id: number;
  account_id: number;
  /** The `endpointType` of the reference: Slack, Custom, PagerDuty, … */
  endpoint_type: string;
  title: string;
  description: string;
  /** AES-256-GCM sealed JSON of the type's fields (urls, keys, passwords): they are read back to deliver. */
  settings_encrypted: string;
  created_at: number;
  updated_at: number;
}

export interface AlertsTable {
  id: number;
  account_id: number;
  title: string;
  enabled: number;
  /** JSON text of the definition exactly as accepted, so GET returns what was stored. */
  definition: string;
  created_at: number;
  updated_at: number;
  created_by: string;
  updated_by: string;
}

/** The end of the last evaluation window judged per alert: nothing before it is judged again. */
export interface AlertWatermarksTable {
  alert_id: number;
  evaluated_until: number;
  updated_at: number;
}

export interface TriggeredAlertsTable {
  id: string;
  /** alert id + window end + group: a firing is recorded once, whatever crashes or retries happen. */
  firing_key: string;
  alert_id: number;
  account_id: number;
  name: string;
  severity: string;
  /** JSON array of the alert's tags at firing time. */
  tags: string;
  group_key: string;
  /** JSON object group field → value. */
  group_values: string;
  value: number;
  window_start: number;
  window_end: number;
  /** Epoch ms of the firing. */
  event_date: number;
  /** JSON of what notifications need (description, recipients, samples). */
  payload: string;
  /** pending (nothing sent yet), logged (event log written, notifications not yet sent), notified, suppressed. */
  notification_state: string;
  /** Token of the event-log batch the firing was given to; its event log is written under it (null: not yet). */
  event_log_batch: string | null;
}

export interface NotificationDeliveriesTable {
  id: string;
  account_id: number;
  /** What the delivery was for: a firing key, or `test:<uuid>` for an endpoint test. */
  source_key: string;
  /** endpoint or email. */
  channel: string;
  /** Endpoint id or e-mail address. */
  target: string;
  /** delivered or failed. */
  status: string;
  attempts: number;
  http_status: number | null;
  error: string | null;
  created_at: number;
}

export interface SchedulerLeasesTable {
  job: string;
  holder: string;
  expires_at: number;
  last_run_at: number | null;
}

export interface ControlPlaneTables {
  accounts: AccountsTable;
  users: UsersTable;
  account_users: AccountUsersTable;
  api_tokens: ApiTokensTable;
  shipping_tokens: ShippingTokensTable;
  key_value: KeyValueTable;
  authentication_groups: AuthenticationGroupsTable;
  session_revocations: SessionRevocationsTable;
  daily_usage: DailyUsageTable;
  notification_endpoints: NotificationEndpointsTable;
  alerts: AlertsTable;
  alert_watermarks: AlertWatermarksTable;
  triggered_alerts: TriggeredAlertsTable;
  notification_deliveries: NotificationDeliveriesTable;
  scheduler_leases: SchedulerLeasesTable;
}

export type ControlPlaneDb = Kysely<ControlPlaneTables>;
export type { Generated };
