/**
 * BlobStore on any S3-compatible store (AWS S3, MinIO, Ceph, R2…) through the AWS SDK. Keys live under an
 * optional prefix of one bucket, which must exist. Credentials come from the SDK's usual chain (AWS_* variables,
 * profiles, instance roles) unless given. A streamed body is read into memory, up to the store's limit, because
 * a single PUT needs its length; blobs past a few hundred MB would want multipart uploads (decision 0323).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import type { BlobInfo, BlobStore } from '../blob-store.js';
import { checkBlobKey, checkBlobPrefix } from './blob-key.js';
import { readBody } from './read-body.js';

export interface S3BlobStoreOptions {
  readonly bucket: string;
  /** Prepended to every key (`logward/` → `logward/snapshots/…`); '' for none. */
  readonly prefix: string;
  readonly maxBlobBytes: number;
  /** The S3-compatible server's URL; undefined for AWS S3 itself. */
  readonly endpoint: string | undefined;
  readonly region: string;
  /** `bucket` in the path instead of the host name, which most S3-compatible servers need. */
  readonly forcePathStyle: boolean;
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Agents that refuse addresses a user may not reach (a bucket a user named: archives); default Node's. */
  readonly agents?: { readonly httpAgent: HttpAgent; readonly httpsAgent: HttpsAgent };
  /** Connection and request timeout (default the SDK's). */
  readonly timeoutMs?: number;
}

const isMissing = (error: unknown): boolean =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    ...(options.credentials === undefined ? {} : { credentials: { ...options.credentials } }),
    ...(options.agents === undefined
      ? {}
      : {
          requestHandler: {
            ...options.agents,
            ...(options.timeoutMs === undefined ? {} : { connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs }),
          },
          maxAttempts: 2,
        }),
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, prefix } = options;
  const objectKey = (key: string): string => {
    checkBlobKey(key);
    return `${prefix}${key}`;
  };

  const getObject = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    maxBlobBytes: options.maxBlobBytes,

    async put(key, body) {
      const target = objectKey(key);
      const data = await readBody(body, options.maxBlobBytes);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: target, Body: data, ContentLength: data.byteLength }));
      return { key, sizeBytes: data.byteLength };
    },

    async get(key) {
      const object = await getObject(key);
      return object?.Body === undefined ? undefined : await object.Body.transformToByteArray();
    },

    async open(key) {
      const object = await getObject(key);
      if (object?.Body === undefined) return undefined;
      const body: unknown = object.Body;
      return body instanceof Readable ? body : Readable.from(await object.Body.transformToByteArray());
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async list(listPrefix) {
      checkBlobPrefix(listPrefix);
      const found: BlobInfo[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${listPrefix}`,
            ...(token === undefined ? {} : { ContinuationToken: token }),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined) found.push({ key: object.Key.slice(prefix.length), sizeBytes: object.Size ?? 0 });
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async close() {
      client.destroy();
    },
  };
}
