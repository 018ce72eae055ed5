/** Snapshots of dashboards and visualizations (snapshot-repository.ts); their images live in the blob store. */
export interface SnapshotsTable {
  id: number;
  account_id: number;
  /** DASHBOARD or VISUALIZATION. */
  snapshot_type: string;
  saved_object_id: string;
  saved_object_name: string;
  /** IN_PROGRESS, SUCCESS or FAILED. */
  status: string;
  /** Why it failed; null otherwise. */
  failure: string | null;
  /** The requester's message, sent with the image. */
  message: string;
  query_string: string;
  dark_theme: number;
  time_from: number;
  time_to: number;
  time_zone: string;
  /** JSON arrays of the recipients. */
  emails: string;
  slack_webhook_urls: string;
  endpoint_ids: string;
  /** The image's blob key once rendered. */
  image_key: string | null;
  /** The unguessable part of the image link (256 random bits). */
  image_token: string;
  app_link_url: string;
  image_url: string;
  created_by: string;
  created_at: number;
  updated_at: number;
  /** Deleted with its image after this (30 days after creation). */
  expires_at: number;
}

export interface SnapshotTables {
  snapshots: SnapshotsTable;
}
