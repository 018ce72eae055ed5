/** AWS regions the Logz.io API names (its enum spelling; `US_EAST_1` is `us-east-1`). */
export const S3_REGIONS = [
  'US_EAST_1',
  'US_EAST_2',
  'US_WEST_1',
  'US_WEST_2',
  'EU_WEST_1',
  'EU_WEST_2',
  'EU_WEST_3',
  'EU_CENTRAL_1',
  'AP_NORTHEAST_1',
  'AP_NORTHEAST_2',
  'AP_SOUTHEAST_1',
  'AP_SOUTHEAST_2',
  'SA_EAST_1',
  'AP_SOUTH_1',
  'CA_CENTRAL_1',
] as const;
export type S3Region = (typeof S3_REGIONS)[number];

/** Log types the Logz.io API accepts for a fetcher; each becomes the `type` of the logs it reads. */
export const S3_LOGS_TYPES = ['elb', 'vpcflow', 'S3Access', 'cloudfront'] as const;
export type S3LogsType = (typeof S3_LOGS_TYPES)[number];

/** `US_EAST_1` → `us-east-1`. */
export const awsRegionName = (region: S3Region): string => region.toLowerCase().replaceAll('_', '-');

/** What a fetcher last did; errors stay until a later cycle succeeds. */
export interface S3FetcherStatus {
  readonly lastFetchAt: number | undefined;
  readonly lastError: string | undefined;
  readonly lastErrorAt: number | undefined;
  readonly objectsRead: number;
  readonly logsRead: number;
}

/** An S3 fetcher of a Logs account (Logz.io "S3 bucket connector"). Credentials are held sealed. */
export interface S3Fetcher {
  readonly id: number;
  readonly accountId: number;
  readonly bucket: string;
  readonly prefix: string;
  readonly region: S3Region;
  readonly logsType: S3LogsType;
  readonly active: boolean;
  readonly addS3ObjectKeyAsLogField: boolean;
  readonly arn: string | undefined;
  /** Sealed `{accessKey, secretKey}` (decision 0710), undefined for an ARN fetcher. */
  readonly sealedKeys: string | undefined;
  /** Last four characters of the access key, the only part ever answered. */
  readonly accessKeyHint: string | undefined;
  /** An S3-compatible server instead of AWS (Logward extension). */
  readonly endpoint: string | undefined;
  readonly status: S3FetcherStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
}
