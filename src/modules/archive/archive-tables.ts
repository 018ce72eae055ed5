import type { Generated } from 'kysely';

/** The archive module's control-plane tables; migrations in ./migrations/. */
export interface ArchiveSettingsTable {
  /** Integer ids: the Logz.io API and its Go client use int32. */
  id: number;
  account_id: number;
  /** `S3` or `DIRECTORY` (decision 0700). */
  storage_type: string;
  enabled: number;
  compressed: number;
  /** JSON of the destination without its secrets (bucket, prefix, region, endpoint, credentials type, arn, directory). */
  destination: string;
  /** AES-256-GCM sealed JSON `{accessKey, secretKey}` (decision 0703), or null. */
  sealed_keys: string | null;
  access_key_hint: string | null;
  /** Every hour that ended at or before this (epoch ms) has been archived (decision 0701). */
  archived_through: number;
  last_archived_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  created_at: number;
  updated_at: number;
  /** Bytes of dropped logs waiting in `archive_dropped_logs` for this archive (decision 0705). */
  dropped_bytes: Generated<number>;
}

export interface ArchiveRestoresTable {
  id: number;
  account_id: number;
  /** The archive read from (its settings are kept with the restore: a later change does not move it). */
  archive_id: number;
  account_name: string;
  /** The restored account (decision 0702); null until it is made and once it is deleted. */
  restored_account_id: number | null;
  status: string;
  start_ms: number;
  end_ms: number;
  restored_bytes: number;
  restored_logs: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  expires_at: number | null;
  error: string | null;
  /** The last archive object restored (objects are read in key order): a retried task resumes after it. */
  done_through_key: string | null;
}

/** A log a drop filter dropped, kept until the archive pass writes its hour (decision 0705). */
export interface ArchiveDroppedLogsTable {
  /** The log's `_id` (unique, time-led). */
  id: string;
  archive_id: number;
  account_id: number;
  /** The UTC hour of its `@timestamp` (epoch ms): the partition it is written to. */
  hour_ms: number;
  /** Its `_source` as search would answer it. */
  source: string;
  bytes: number;
}

export interface ArchiveTables {
  archive_settings: ArchiveSettingsTable;
  archive_restores: ArchiveRestoresTable;
  archive_dropped_logs: ArchiveDroppedLogsTable;
}
