/** The notifications module's control-plane tables (created by the alerts migration 0020, before areas had ranges). */
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

export interface NotificationTables {
  notification_endpoints: NotificationEndpointsTable;
  notification_deliveries: NotificationDeliveriesTable;
}
