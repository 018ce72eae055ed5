/** The alerts module's control-plane tables; migrations in ./migrations/. */
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

export interface AlertTables {
  alerts: AlertsTable;
  alert_watermarks: AlertWatermarksTable;
  triggered_alerts: TriggeredAlertsTable;
}
