/** Where the isolation world creates each account's S3 fetcher. */
export const S3_FETCHERS = '/v1/log-shipping/s3-buckets';

/**
 * An account's S3 fetcher for the isolation world: its marker and hidden word in the prefix, so an answer that shows
 * it to another account is caught; an IAM-role one, inactive, so it reaches no bucket.
 */
export function s3FetcherOf(account: { readonly label: string; readonly hidden: string }): Record<string, unknown> {
  const mark = `iso${account.label}mark`;
  return {
    arn: `arn:aws:iam::123456789012:role/${mark}`,
    bucket: 'isolation-bucket',
    prefix: `logs/${mark}/${account.hidden}/`,
    active: false,
    region: 'US_EAST_1',
    logsType: 'elb',
  };
}
