/** The s3-fetchers module's control-plane tables; migrations in ./migrations/. */
export interface S3FetchersTable {
  /** Integer ids: the Logz.io API and its Go client use int64. */
  id: number;
  account_id: number;
  bucket: string;
  prefix: string;
  region: string;
  logs_type: string;
  active: number;
  add_object_key: number;
  arn: string | null;
  /** AES-256-GCM sealed JSON `{accessKey, secretKey}` (decision 0710). */
  sealed_keys: string | null;
  access_key_hint: string | null;
  endpoint: string | null;
  last_fetch_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  objects_read: number;
  logs_read: number;
  created_at: number;
  updated_at: number;
}

/** Every object a fetcher has read (or skipped as unreadable): what makes a restart read nothing twice. */
export interface S3FetcherObjectsTable {
  fetcher_id: number;
  object_key: string;
  etag: string;
  /** 1: ingested; 0: unreadable (bad gzip, too large), skipped and reported. */
  ingested: number;
  logs: number;
  read_at: number;
}

export interface S3FetcherTables {
  s3_fetchers: S3FetchersTable;
  s3_fetcher_objects: S3FetcherObjectsTable;
}
