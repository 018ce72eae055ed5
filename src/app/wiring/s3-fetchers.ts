import type { Ingest } from '../../ingest/index.js';
import { createSecretBox } from '../../modules/notifications/index.js';
import {
  awsRegionName,
  createS3FetchCycle,
  createS3FetcherService,
  openS3Bucket,
  s3FetcherRoutes,
  type S3FetchCycle,
} from '../../modules/s3-fetchers/index.js';
import { createAddressPolicy, createOutboundClient, systemResolveHost } from '../../outbound/index.js';
import { fetchS3BucketsJob } from '../../scheduler/jobs/fetch-s3-buckets.js';
import type { AreaWiring, WiringContext } from './area.js';

/** Objects decompressing past this are skipped and reported: one object is ingested whole, in memory. */
const MAX_OBJECT_BYTES = 32 * 1024 * 1024;
const MAX_OBJECTS_PER_CYCLE = 1_000;
const BUCKET_TIMEOUT_MS = 30_000;

export interface S3FetcherWiringDeps {
  /** The checked cluster key (src/app/secret-key.ts): the keys are sealed as endpoint secrets are (decision 0200). */
  readonly secretKey: Buffer;
  readonly ingest: Pick<Ingest, 'ingestForAccount'>;
}

/** S3 fetchers (decision 0710): their API, and the job that reads new objects through the listener's write path. */
export function wireS3Fetchers(ctx: WiringContext, deps: S3FetcherWiringDeps): AreaWiring<{ readonly s3Fetching: S3FetchCycle }> {
  const { config, db, clock, logger } = ctx;
  const box = createSecretBox(deps.secretKey);
  const policy = createAddressPolicy(config.outboundAllowCidrs);
  const outbound = createOutboundClient({ policy });
  const service = createS3FetcherService({
    db,
    clock,
    sealer: box,
    assertAllowedUrl: (url, field) => outbound.assertAllowedUrl(url, field),
  });
  const s3Fetching = createS3FetchCycle({
    db,
    clock,
    logger,
    maxObjectBytes: MAX_OBJECT_BYTES,
    maxObjectsPerCycle: MAX_OBJECTS_PER_CYCLE,
    openBucket: (fetcher) => {
      const keys = JSON.parse(box.open(fetcher.sealedKeys ?? '')) as { accessKey: string; secretKey: string };
      return openS3Bucket({
        bucket: fetcher.bucket,
        region: awsRegionName(fetcher.region),
        endpoint: fetcher.endpoint,
        credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
        policy,
        resolveHost: systemResolveHost,
        timeoutMs: BUCKET_TIMEOUT_MS,
      });
    },
    ingest: (accountId, logsType, logs) =>
      deps.ingest.ingestForAccount(
        accountId,
        // The fetcher's type is the type of logs without their own, as the listener's `type` parameter is.
        logs.map((log) => ({ log: { fields: log.fields, sizeBytes: log.sizeBytes }, defaultType: logsType })),
      ),
  });
  return { services: { s3Fetching }, routes: [s3FetcherRoutes(service)], jobs: [fetchS3BucketsJob(s3Fetching, logger)] };
}
