/**
 * `_id`s for logs, time-led like Elasticsearch's auto-generated ids: 20 base64url characters from
 * 6 bytes of epoch ms, a 3-byte counter and 6 random bytes drawn once per generator. Neighbouring rows
 * in the store (sorted by account, time) then share most of their id, so the id column compresses to a
 * few bytes per log where random UUIDs cost 18 (docs/decisions/0123).
 */
import { randomBytes } from 'node:crypto';

export type LogIdGenerator = (nowMs: number) => string;

export function createLogIdGenerator(): LogIdGenerator {
  const instance = randomBytes(6);
  let counter = randomBytes(3).readUIntBE(0, 3);
  const bytes = Buffer.alloc(15);
  instance.copy(bytes, 9);
  return (nowMs) => {
    counter = (counter + 1) & 0xffffff;
    bytes.writeUIntBE(Math.max(0, Math.trunc(nowMs)) % 2 ** 48, 0, 6);
    bytes.writeUIntBE(counter, 6, 3);
    return bytes.toString('base64url');
  };
}
