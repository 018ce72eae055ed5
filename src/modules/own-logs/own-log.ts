import { createHash } from 'node:crypto';
import type { FieldValue } from '../../storage/log-store.js';

/** A log the service writes into an account's logs itself: a deployment marker, an alert event … */
export interface OwnLog {
  readonly accountId: number;
  readonly timestampMs: number;
  readonly type: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, FieldValue>>;
  /** Same key, same `_id`: a log written again (a retried batch) is the same log. */
  readonly idKey: string;
}

/**
 * A time-led `_id` like those ingest gives (storage/log-ids.ts: 6 bytes of epoch ms, then 9 more), the 9 bytes here
 * from the log's key: neighbouring rows share their id's lead, and the same log always gets the same id.
 */
export function ownLogId(timestampMs: number, idKey: string): string {
  const bytes = Buffer.alloc(15);
  bytes.writeUIntBE(Math.max(0, Math.trunc(timestampMs)) % 2 ** 48, 0, 6);
  createHash('sha256').update(idKey).digest().copy(bytes, 6, 0, 9);
  return bytes.toString('base64url');
}
