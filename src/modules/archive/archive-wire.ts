import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { RowId } from '../../shared/wire-bounds.js';
import { RESTORE_STATUSES, type ArchiveSettings, type Restore } from './archive.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const S3SecretCredentials = Type.Object({
  accessKey: Type.String({ maxLength: 128, description: 'Access key id (stored sealed, answered masked)' }),
  secretKey: Type.String({ maxLength: 256, description: 'Secret access key (stored sealed, answered masked)' }),
});
const S3IamCredentials = Type.Object({
  arn: Type.String({ maxLength: 2048, description: 'IAM role (kept; Logward writes with keys only)' }),
  externalId: Type.Optional(Type.String({ maxLength: 1224 })),
});
const S3StorageSettingsRequest = Type.Object({
  credentialsType: Type.Union([Type.Literal('KEYS'), Type.Literal('IAM')]),
  path: Type.String({ minLength: 1, maxLength: 1024, description: '`bucket[/prefix]`: the bucket and where in it the archive goes' }),
  s3SecretCredentials: Type.Optional(Nullable(S3SecretCredentials)),
  s3IamCredentials: Type.Optional(Nullable(S3IamCredentials)),
  region: Type.Optional(Type.String({ maxLength: 32, description: 'Logward extension: AWS region name (default us-east-1)' })),
  endpoint: Type.Optional(
    Type.String({ maxLength: 2048, description: 'Logward extension: URL of an S3-compatible server (MinIO, Ceph…); absent: AWS S3' }),
  ),
});
const BlobSettings = Type.Object(
  {
    tenantId: Type.Optional(Type.String({ maxLength: 256 })),
    clientId: Type.Optional(Type.String({ maxLength: 256 })),
    clientSecret: Type.Optional(Type.String({ maxLength: 1024 })),
    accountName: Type.Optional(Type.String({ maxLength: 256, pattern: SAFE_NAME_PATTERN })),
    containerName: Type.Optional(Type.String({ maxLength: 256, pattern: SAFE_NAME_PATTERN })),
    path: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
  },
  { description: 'Azure Blob Storage (Logz.io): not supported by Logward, refused with a clear 400' },
);
const DirectorySettings = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 512, description: 'Directory under the operator-configured archive root' }) },
  { description: 'Logward extension, storageType DIRECTORY: a directory under LOGWARD_ARCHIVE_DIR (single machine)' },
);

const archiveSettingsFields = {
  storageType: Type.Union([Type.Literal('S3'), Type.Literal('BLOB'), Type.Literal('DIRECTORY')], {
    description: 'S3 (any S3-compatible store) or DIRECTORY (Logward extension); BLOB (Azure) is refused',
  }),
  enabled: Type.Optional(Type.Boolean({ description: 'Whether logs are archived (default true)' })),
  compressed: Type.Optional(Type.Boolean({ description: 'gzip the archived objects (default true)' })),
  amazonS3StorageSettings: Type.Optional(Nullable(S3StorageSettingsRequest)),
  azureBlobStorageSettings: Type.Optional(Nullable(BlobSettings)),
  directoryStorageSettings: Type.Optional(Nullable(DirectorySettings)),
};

/** What the Go client sends (CreateOrUpdateArchiving), plus Logward's region, endpoint and directory. */
export const ArchiveSettingsRequest = Type.Object(archiveSettingsFields, {
  description: "Archive settings of the token's account: one archive per account",
});
export type ArchiveSettingsRequest = Static<typeof ArchiveSettingsRequest>;

/** Logz.io's TestStorageRequest (`archiveSettings`, or the `id` of saved ones); the settings may also come bare. */
export const ArchiveTestRequest = Type.Object({
  id: Type.Optional(RowId({ description: 'Test these saved settings' })),
  archiveSettings: Type.Optional(ArchiveSettingsRequest),
  ...Type.Partial(Type.Object(archiveSettingsFields)).properties,
});
export type ArchiveTestRequest = Static<typeof ArchiveTestRequest>;

const ArchiveSettingsWire = Type.Object({
  storageType: Type.String(),
  enabled: Type.Boolean(),
  compressed: Type.Boolean(),
  amazonS3StorageSettings: Nullable(
    Type.Object({
      credentialsType: Type.String(),
      path: Type.String(),
      s3SecretCredentials: Nullable(Type.Object({ accessKey: Type.String(), secretKey: Type.String() })),
      s3IamCredentials: Nullable(Type.Object({ arn: Type.String(), externalId: Nullable(Type.String()) })),
      region: Type.String(),
      endpoint: Nullable(Type.String()),
    }),
  ),
  azureBlobStorageSettings: Type.Null(),
  directoryStorageSettings: Nullable(Type.Object({ path: Type.String() })),
});

export const ArchiveSettingsResponse = Type.Object(
  {
    id: Type.Integer(),
    settings: ArchiveSettingsWire,
    archiveStatus: Type.Object(
      {
        archivedThrough: Type.Integer({ description: 'Every hour ending at or before this (epoch ms) is archived' }),
        lastArchivedAt: Nullable(Type.Integer()),
        lastError: Nullable(Type.String()),
        lastErrorAt: Nullable(Type.Integer()),
      },
      { description: 'Logward extension: how far the archive has written, and its last error' },
    ),
  },
  { description: 'Archive settings (Logz.io shape; credentials masked), with how far the archive has written' },
);
export type ArchiveSettingsResponse = Static<typeof ArchiveSettingsResponse>;

export const ArchiveIdParams = Type.Object({ id: RowId({ description: 'Archive settings id' }) });
export const RestoreIdParams = Type.Object({ id: RowId({ description: 'Restore id' }) });

/** Epoch seconds as Logz.io sends them; a value past year 5138 in seconds is taken as milliseconds (decision 0704). */
const RestoreTime = Type.Number({ minimum: 1, maximum: 7_258_118_400_000 });

/** What the Go client sends (InitiateRestore). */
export const RestoreRequest = Type.Object({
  accountName: Type.String({ minLength: 1, maxLength: 100, pattern: SAFE_NAME_PATTERN, description: 'Name of the restored account' }),
  username: Type.Optional(Type.String({ maxLength: 256 })),
  startTime: RestoreTime,
  endTime: RestoreTime,
});
export type RestoreRequest = Static<typeof RestoreRequest>;

export const RestoreResponse = Type.Object({
  id: Type.Integer(),
  accountId: Nullable(Type.Integer({ description: 'The restored account, searchable from the main account' })),
  accountName: Type.String(),
  restoredVolumeGb: Nullable(Type.Number()),
  status: Type.Union(RESTORE_STATUSES.map((status) => Type.Literal(status))),
  startTime: Type.Number({ description: 'Epoch seconds' }),
  endTime: Type.Number(),
  createdAt: Type.Number(),
  startedAt: Nullable(Type.Number()),
  finishedAt: Nullable(Type.Number()),
  expiresAt: Nullable(Type.Number()),
  restoredLogs: Type.Integer({ description: 'Logward extension: logs restored so far' }),
  error: Nullable(Type.String({ description: 'Logward extension: why the restore failed' })),
});
export type RestoreResponse = Static<typeof RestoreResponse>;

const mask = (hint: string | undefined): string => `****${hint ?? ''}`;

export function archiveToWire(settings: ArchiveSettings): ArchiveSettingsResponse {
  const { destination } = settings;
  return {
    id: settings.id,
    settings: {
      storageType: destination.kind,
      enabled: settings.enabled,
      compressed: settings.compressed,
      amazonS3StorageSettings:
        destination.kind === 'S3'
          ? {
              credentialsType: destination.credentialsType,
              path: destination.path,
              s3SecretCredentials:
                settings.sealedKeys === undefined ? null : { accessKey: mask(settings.accessKeyHint), secretKey: '****' },
              // Logz.io answers the external id its role trust policy must name; Logward's is stable per account.
              s3IamCredentials:
                destination.arn === undefined
                  ? null
                  : { arn: destination.arn, externalId: destination.externalId ?? `logward-${settings.accountId}` },
              region: destination.region,
              endpoint: destination.endpoint ?? null,
            }
          : null,
      azureBlobStorageSettings: null,
      directoryStorageSettings: destination.kind === 'DIRECTORY' ? { path: destination.path } : null,
    },
    archiveStatus: {
      archivedThrough: settings.status.archivedThroughMs,
      lastArchivedAt: settings.status.lastArchivedAt ?? null,
      lastError: settings.status.lastError ?? null,
      lastErrorAt: settings.status.lastErrorAt ?? null,
    },
  };
}

const seconds = (ms: number | undefined): number | null => (ms === undefined ? null : ms / 1000);
const GB = 1024 ** 3;

export function restoreToWire(restore: Restore): RestoreResponse {
  const finished = restore.status !== 'IN_PROGRESS';
  return {
    id: restore.id,
    accountId: restore.restoredAccountId ?? null,
    accountName: restore.accountName,
    restoredVolumeGb: restore.startedAt === undefined ? null : Math.round((restore.restoredBytes / GB) * 1e6) / 1e6,
    status: restore.status,
    startTime: restore.startMs / 1000,
    endTime: restore.endMs / 1000,
    createdAt: restore.createdAt / 1000,
    startedAt: seconds(restore.startedAt),
    finishedAt: finished ? seconds(restore.finishedAt) : null,
    expiresAt: seconds(restore.expiresAt),
    restoredLogs: restore.restoredLogs,
    error: restore.error ?? null,
  };
}
