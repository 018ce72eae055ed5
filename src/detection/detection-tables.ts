/** The detection engine's control-plane tables; migrations in ./migrations/. */

/** The end of the last window judged per rule of a kind: nothing before it is judged again. */
export interface DetectionWatermarksTable {
  kind: string;
  rule_id: number;
  evaluated_until: number;
  updated_at: number;
}

/** The firing outbox of the detection engine (alerts and every other rule kind). */
export interface DetectionFiringsTable {
  id: string;
  /** kind + rule id + window end + group: a firing is recorded once, whatever crashes or retries happen. */
  firing_key: string;
  /** The rule kind (`alert` …). */
  kind: string;
  rule_id: number;
  account_id: number;
  /** The rule's title at firing time. */
  name: string;
  severity: string;
  /** JSON array of the rule's tags at firing time. */
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
  /** The process sending its notifications, until `claimed_until` (epoch ms); a claim past it may be taken over. */
  claimed_by: string | null;
  claimed_until: number | null;
}

export interface DetectionTables {
  detection_watermarks: DetectionWatermarksTable;
  detection_firings: DetectionFiringsTable;
}
