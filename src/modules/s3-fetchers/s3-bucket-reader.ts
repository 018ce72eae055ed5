import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy, ResolveHost } from '../../outbound/index.js';

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

/** Refused: the bucket's server is (or resolves to) an address Logward may not reach on a user's behalf. */
export class RefusedBucketAddress extends Error {
  constructor(host: string) {
    super(`the bucket's server ${host} is an internal address, which Logward does not reach on a user's behalf`);
  }
}

/**
 * Every connection's address is checked against the outbound policy at connect time (decision 0350): the lookup
 * the agents use answers only allowed addresses, so neither a DNS answer nor a redirect to another host slips by.
 * A literal IP skips Node's lookup, so the endpoint's own literal is checked before the client is made.
 */
function guardedLookup(policy: AddressPolicy, resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (first === undefined) {
          callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (!addresses.every((entry) => policy.allows(entry.address))) {
          callback(new RefusedBucketAddress(hostname), '', 0);
          return;
        }
        if (options.all === true)
          callback(
            null,
            addresses.map((entry) => ({ address: entry.address, family: entry.family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export function openS3Bucket(options: S3BucketOptions): BucketReader {
  if (options.endpoint !== undefined) {
    const host = new URL(options.endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !options.policy.allows(host)) throw new RefusedBucketAddress(host);
  }
  const lookup = guardedLookup(options.policy, options.resolveHost);
  const httpAgent = new http.Agent({ lookup, keepAlive: true, maxSockets: 4 });
  const httpsAgent = new https.Agent({ lookup, keepAlive: true, maxSockets: 4 });
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
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
