import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { guardedAgents, type AddressPolicy, type ResolveHost } from '../../outbound/index.js';

/** An object of the bucket as listed. */
export interface BucketObject {
  readonly key: string;
  readonly etag: string;
  readonly sizeBytes: number;
}

/** What the fetch cycle needs of a bucket. */
export interface BucketReader {
  /** Every object under the prefix, in key order. */
  list(prefix: string, signal: AbortSignal): Promise<BucketObject[]>;
  get(key: string, signal: AbortSignal): Promise<Uint8Array>;
  close(): void;
}

export interface S3BucketOptions {
  readonly bucket: string;
  /** AWS region name (`us-east-1`). */
  readonly region: string;
  /** An S3-compatible server; undefined for AWS S3. */
  readonly endpoint: string | undefined;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly policy: AddressPolicy;
  readonly resolveHost: ResolveHost;
  readonly timeoutMs: number;
}

export function openS3Bucket(options: S3BucketOptions): BucketReader {
  const agents = guardedAgents(options.policy, options.resolveHost, options.endpoint);
  const { httpAgent, httpsAgent } = agents;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint, forcePathStyle: true }),
    credentials: { ...options.credentials },
    requestHandler: { httpAgent, httpsAgent, connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const { bucket } = options;
  return {
    async list(prefix, signal) {
      const found: BucketObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token === undefined ? {} : { ContinuationToken: token }) }),
          { abortSignal: signal },
        );
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined || object.Key.endsWith('/')) continue;
          found.push({ key: object.Key, etag: object.ETag ?? '', sizeBytes: object.Size ?? 0 });
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async get(key, signal) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), { abortSignal: signal });
      if (object.Body === undefined) return new Uint8Array();
      return object.Body.transformToByteArray();
    },
    close() {
      client.destroy();
      agents.destroy();
    },
  };
}
