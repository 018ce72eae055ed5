export type SnapshotType = 'DASHBOARD' | 'VISUALIZATION';
export type SnapshotStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';

/** Snapshots are kept this long, then deleted with their images (reference §2.11). */
export const SNAPSHOT_RETENTION_MS = 30 * 86_400_000;

export interface Snapshot {
  readonly id: number;
  readonly accountId: number;
  readonly type: SnapshotType;
  readonly savedObjectId: string;
  readonly savedObjectName: string;
  readonly status: SnapshotStatus;
  readonly failure: string | null;
  readonly message: string;
  readonly queryString: string;
  readonly darkTheme: boolean;
  readonly timeFrom: number;
  readonly timeTo: number;
  readonly timeZone: string;
  readonly emails: readonly string[];
  readonly slackWebhookUrls: readonly string[];
  readonly endpointIds: readonly number[];
  readonly imageKey: string | null;
  readonly imageToken: string;
  readonly imageUrl: string;
  readonly appLinkUrl: string;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
}

/** The saved-object type a snapshot type shows. */
export function savedObjectTypeOf(type: SnapshotType): 'dashboard' | 'visualization' {
  return type === 'DASHBOARD' ? 'dashboard' : 'visualization';
}
