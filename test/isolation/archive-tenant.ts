/** Where the isolation world creates each account's archive settings. */
export const ARCHIVE_SETTINGS = '/v2/archive/settings';

/**
 * An account's archive for the isolation world: its marker and hidden word in the bucket path, so an answer that
 * shows it to another account is caught; an IAM-role one, disabled, so it writes nowhere.
 */
export function archiveOf(account: { readonly label: string; readonly hidden: string }): Record<string, unknown> {
  const mark = `iso${account.label}mark`;
  return {
    storageType: 'S3',
    enabled: false,
    amazonS3StorageSettings: {
      credentialsType: 'IAM',
      path: `isolation-bucket/${mark}/${account.hidden}`,
      s3IamCredentials: { arn: `arn:aws:iam::123456789012:role/${mark}` },
    },
  };
}
