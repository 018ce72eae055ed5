/**
 * New values in the shape of real ones, so that millions of logs built from a few thousand real lines keep real
 * cardinality: ids, addresses and numbers are renewed, words are kept. An id is reused a few times while it is
 * recent (a block's lines, a request's lines, a client's requests), so most ids are in a handful of logs, as in
 * real logs, and none is in thousands.
 */

export interface Refiller {
  /** A new value shaped like `example` (a template variable's real value); ids drawn from the pool named `pool`. */
  value(example: string, pool: string): string;
  /** `text` with its addresses, hexadecimal ids and numbers renewed in place, its words kept. */
  renew(text: string): string;
  /** A client address: a few thousand busy ones (crawlers, offices behind NAT) and a long tail of one-off ones. */
  ip(pool: string): string;
  /** A hexadecimal id of `length` characters, reused while recent in `pool`. */
  hex(length: number, pool: string): string;
  /** A hexadecimal id of `length` characters never reused (a request's own id). */
  freshHex(length: number): string;
  /** `text` with each run of digits renewed (a version: `32.0.1700.77`). */
  renewDigits(text: string): string;
  /** A number of `digits` digits (no leading zero), fresh each time. */
  digits(digits: number): string;
  /** An integer in [0, n). */
  int(n: number): number;
}

/** How long an id stays in its pool, and how often a log reuses one: about 3 logs per id. */
const RING = 16;
const REUSE = 0.7;
const HOT_IPS = 2000;
const HOT_IP_SHARE = 0.25;
/** A client makes a few requests in a row. */
const IP_REUSE = 0.5;

const HEX = '0123456789abcdef';
const WHOLE_IPV4 = /^(\/?)\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(:\d+)?$/;
const LONG_NUMBER = /^-?\d{9,}$/;
const HEX_ID = /^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Inside a longer value: an address, a hexadecimal run with a digit, or a run of digits that is not part of a word
 * (`amd64`, `ssh2` and `v2` stay as they are) or a version (`HTTP/1.1`).
 */
const RENEWABLE =
  /(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\d.])|\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b|(?<![A-Za-z]|[A-Za-z]\/)\d+(?![A-Za-z])/gi;

export function createRefiller(random: () => number): Refiller {
  const int = (n: number): number => Math.floor(random() * n);
  const digits = (n: number): string => {
    let out = n === 1 ? String(int(10)) : String(1 + int(9));
    for (let i = 1; i < n; i += 1) out += String(int(10));
    return out;
  };
  const hexOf = (n: number): string => {
    let out = '';
    for (let i = 0; i < n; i += 1) out += HEX[int(16)];
    return out;
  };
  const publicIp = (): string => {
    // Public-looking first octets (no 0, 10, 127, 224+).
    let first = 1 + int(222);
    if (first === 10 || first === 127) first += 1;
    return `${first}.${int(256)}.${int(256)}.${1 + int(254)}`;
  };
  const hotIps = Array.from({ length: HOT_IPS }, publicIp);
  const rings = new Map<string, string[]>();
  /** A recent value of `pool` (REUSE of the time, once it has some), else a fresh one that becomes recent. */
  const pooled = (pool: string, reuse: number, fresh: () => string): string => {
    let ring = rings.get(pool);
    if (ring === undefined) rings.set(pool, (ring = []));
    if (ring.length > 0 && random() < reuse) return ring[int(ring.length)] ?? fresh();
    const value = fresh();
    if (ring.length < RING) ring.push(value);
    else ring[int(RING)] = value;
    return value;
  };
  const ip = (pool: string): string =>
    pooled(`ip:${pool}`, IP_REUSE, () => (random() < HOT_IP_SHARE ? (hotIps[int(HOT_IPS)] ?? '') : publicIp()));
  const hex = (length: number, pool: string): string => pooled(`hex${length}:${pool}`, REUSE, () => hexOf(length));
  const renew = (text: string): string =>
    text.replace(RENEWABLE, (found) => {
      if (found.includes('.')) return publicIp();
      if (/[a-f]/i.test(found)) return hexOf(found.length);
      return digits(found.length);
    });
  return {
    value(example, pool) {
      // A template of the full lists that no sampled line has: its variables are numbers.
      if (example === '') return digits(1 + int(6));
      const address = WHOLE_IPV4.exec(example);
      if (address !== null) return `${address[1] ?? ''}${ip(pool)}${address[2] === undefined ? '' : `:${1024 + int(64_000)}`}`;
      if (LONG_NUMBER.test(example)) {
        const sign = example.startsWith('-') ? '-' : '';
        return pooled(`num${example.length}:${pool}`, REUSE, () => sign + digits(example.length - sign.length));
      }
      if (UUID.test(example)) return pooled(`uuid:${pool}`, REUSE, () => `${hexOf(8)}-${hexOf(4)}-${hexOf(4)}-${hexOf(4)}-${hexOf(12)}`);
      if (HEX_ID.test(example)) return hex(example.length, pool);
      return renew(example);
    },
    renew,
    ip,
    hex,
    freshHex: hexOf,
    renewDigits: (text) => text.replace(/\d+/g, (found) => digits(found.length)),
    digits,
    int,
  };
}
