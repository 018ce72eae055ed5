import { Type, type Static } from '@sinclair/typebox';
import { EpochMillis, RowId } from '../../shared/wire-bounds.js';
import { S3_LOGS_TYPES, S3_REGIONS, type S3Fetcher } from './s3-fetcher.js';

const Region = Type.Union(
  S3_REGIONS.map((region) => Type.Literal(region)),
  { description: 'AWS region of the bucket (Logz.io spelling: US_EAST_1)' },
);
const LogsType = Type.Union(
  S3_LOGS_TYPES.map((type) => Type.Literal(type)),
  { description: 'Type of the logs read: the `type` they are searched by' },
);

/** What the Logz.io Go client sends (S3FetcherRequest), plus Logward's `endpoint` for S3-compatible servers. */
export const S3FetcherRequest = Type.Object(
  {
    accessKey: Type.Optional(Type.String({ maxLength: 128, description: 'AWS access key id (stored sealed, answered masked)' })),
    secretKey: Type.Optional(Type.String({ maxLength: 256, description: 'AWS secret access key (stored sealed, never answered)' })),
    arn: Type.Optional(
      Type.String({ maxLength: 2048, description: 'IAM role to assume instead of keys (kept; Logward reads with keys only)' }),
    ),
    bucket: Type.String({ minLength: 1, maxLength: 63, description: 'Bucket name' }),
    prefix: Type.Optional(Type.String({ maxLength: 1024, description: 'Only objects whose key starts with this are read' })),
    active: Type.Boolean({ description: 'Whether the bucket is read' }),
    addS3ObjectKeyAsLogField: Type.Optional(Type.Boolean({ description: 'Adds the object key to each log as `s3_object_key`' })),
    region: Region,
    logsType: LogsType,
    endpoint: Type.Optional(
      Type.String({
        maxLength: 2048,
        description: 'Logward extension: URL of an S3-compatible server (MinIO, Ceph…); absent: AWS S3 of the region',
      }),
    ),
  },
  { description: 'An S3 fetcher: Logward reads new objects of the bucket prefix on a schedule and ingests their logs' },
);
export type S3FetcherRequest = Static<typeof S3FetcherRequest>;

export const S3FetcherResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Fetcher id' }),
    accessKey: Type.Optional(Type.String({ description: 'The access key id masked: its last four characters only' })),
    arn: Type.Union([Type.String(), Type.Null()]),
    bucket: Type.String(),
    prefix: Type.String(),
    active: Type.Boolean(),
    addS3ObjectKeyAsLogField: Type.Boolean(),
    region: Region,
    logsType: LogsType,
    endpoint: Type.Optional(Type.String()),
    lastFetchAt: Type.Union([EpochMillis({}), Type.Null()], { description: 'When the bucket was last listed (epoch ms)' }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'The last error of a cycle or an object; stays until a newer one' }),
    lastErrorAt: Type.Union([EpochMillis({}), Type.Null()]),
    objectsRead: Type.Integer({ description: 'Objects read and ingested so far' }),
    logsRead: Type.Integer({ description: 'Logs they held' }),
  },
  { description: 'An S3 fetcher (Logz.io shape, plus what it read and its last error)' },
);
export type S3FetcherResponse = Static<typeof S3FetcherResponse>;

export const S3FetcherIdParams = Type.Object({ id: RowId({ description: 'Fetcher id' }) });

export function s3FetcherToWire(fetcher: S3Fetcher): S3FetcherResponse {
  return {
    id: fetcher.id,
    ...(fetcher.accessKeyHint === undefined ? {} : { accessKey: `****${fetcher.accessKeyHint}` }),
    arn: fetcher.arn ?? null,
    bucket: fetcher.bucket,
    prefix: fetcher.prefix,
    active: fetcher.active,
    addS3ObjectKeyAsLogField: fetcher.addS3ObjectKeyAsLogField,
    region: fetcher.region,
    logsType: fetcher.logsType,
    ...(fetcher.endpoint === undefined ? {} : { endpoint: fetcher.endpoint }),
    lastFetchAt: fetcher.status.lastFetchAt ?? null,
    lastError: fetcher.status.lastError ?? null,
    lastErrorAt: fetcher.status.lastErrorAt ?? null,
    objectsRead: fetcher.status.objectsRead,
    logsRead: fetcher.status.logsRead,
  };
}
