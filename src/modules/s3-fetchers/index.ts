export { createS3FetcherService, type S3FetcherService } from './s3-fetcher-service.js';
export { createS3FetchCycle, OBJECT_KEY_FIELD, type FetchCycleReport, type S3FetchCycle } from './s3-fetch-cycle.js';
export { openS3Bucket, type BucketReader } from './s3-bucket-reader.js';
export { s3FetcherRoutes } from './s3-fetcher-routes.js';
export { s3FetcherErrors } from './s3-fetcher-errors.js';
export { awsRegionName, type S3Fetcher } from './s3-fetcher.js';
export type { ParsedLog } from './s3-object-parser.js';
