import { blobErrors } from './blob-errors.js';

const MAX_KEY_LENGTH = 512;
/**
 * A segment starts with a letter or digit, so `.`, `..` and hidden names (the files adapter's `.partial/`) never are one.
 * `=` is allowed after the first character for Hive-style partitions (`dt=2026-12-07/hour=05`, archives: decision 0700).
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._=-]{0,127}$/;

/**
 * Accepts a key both adapters store the same way and that cannot name anything outside the store's root: no
 * empty, `.` or `..` segment, no leading or trailing `/`, no backslash, no character a file system or an S3 URL
 * treats specially. Returns the key's segments.
 */
export function checkBlobKey(key: string): readonly string[] {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw blobErrors.invalidKey(key, `must be 1 to ${MAX_KEY_LENGTH} characters`);
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) {
      throw blobErrors.invalidKey(key, 'segments are 1 to 128 letters, digits, ".", "_", "=" or "-", starting with a letter or digit');
    }
  }
  return segments;
}

/** A list prefix: a key, or the start of one (it may end with `/` or in the middle of a segment); '' lists all. */
export function checkBlobPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const body = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  checkBlobKey(body);
  return prefix;
}
