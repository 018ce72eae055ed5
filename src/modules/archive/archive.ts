/** Where an archive writes (decision 0700): an S3-compatible bucket, or a directory under the operator's archive root. */
export type ArchiveDestination =
  | {
      readonly kind: 'S3';
      readonly credentialsType: 'KEYS' | 'IAM';
      /** As Logz.io takes it: `bucket[/prefix]`. */
      readonly path: string;
      readonly bucket: string;
      /** '' or ending with '/'. */
      readonly prefix: string;
      /** AWS region name (`us-east-1`). */
      readonly region: string;
      /** An S3-compatible server (Logward extension); undefined for AWS S3. */
      readonly endpoint: string | undefined;
      readonly arn: string | undefined;
      readonly externalId: string | undefined;
    }
  | {
      readonly kind: 'DIRECTORY';
      /** Relative to the operator's archive root (LOGWARD_ARCHIVE_DIR); never leaves it. */
      readonly path: string;
    };

export interface ArchiveStatus {
  /** Every hour ending at or before this (epoch ms) is archived (decision 0701). */
  readonly archivedThroughMs: number;
  readonly lastArchivedAt: number | undefined;
  readonly lastError: string | undefined;
  readonly lastErrorAt: number | undefined;
}

export interface ArchiveSettings {
  readonly id: number;
  readonly accountId: number;
  readonly enabled: boolean;
  readonly compressed: boolean;
  readonly destination: ArchiveDestination;
  /** Sealed `{accessKey, secretKey}` (decision 0703). */
  readonly sealedKeys: string | undefined;
  readonly accessKeyHint: string | undefined;
  readonly status: ArchiveStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export const RESTORE_STATUSES = ['IN_PROGRESS', 'ACTIVE', 'LIMIT_EXCEEDED', 'ABORTED', 'FAILED', 'DELETED', 'EXPIRED'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

export interface Restore {
  readonly id: number;
  readonly accountId: number;
  readonly archiveId: number;
  readonly accountName: string;
  readonly restoredAccountId: number | undefined;
  readonly status: RestoreStatus;
  readonly startMs: number;
  readonly endMs: number;
  readonly restoredBytes: number;
  readonly restoredLogs: number;
  readonly createdAt: number;
  readonly startedAt: number | undefined;
  readonly finishedAt: number | undefined;
  readonly expiresAt: number | undefined;
  readonly error: string | undefined;
  readonly doneThroughKey: string | undefined;
}

export const HOUR_MS = 3_600_000;

/** `<prefix><accountId>/dt=YYYY-MM-DD/hour=HH/` of the hour starting at `hourMs` (decision 0700). */
export function hourPrefix(prefix: string, accountId: number, hourMs: number): string {
  const iso = new Date(hourMs).toISOString();
  return `${prefix}${accountId}/dt=${iso.slice(0, 10)}/hour=${iso.slice(11, 13)}/`;
}
