/**
 * Reads a log's own time in the formats shippers use. Anything unrecognised yields undefined, and the
 * caller falls back to the receive time: a log is never rejected for its timestamp.
 */

const MIN_MS = Date.UTC(1971, 0, 1);
const MAX_MS = Date.UTC(2200, 0, 1);

const MONTHS: Readonly<Record<string, number>> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

// 2026-11-21T10:41:21.123456Z, 2026-11-21 10:41:21,123 +02:00, 2026-11-21T10:41:21 (no zone = UTC).
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
// RFC 3164: "Nov 21 10:41:21" or "Nov  1 10:41:21" (no year, no zone).
const SYSLOG = /^([A-Za-z]{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;
// Apache/nginx access logs: "21/Nov/2026:10:41:21 +0000".
const CLF = /^(\d{2})\/([A-Za-z]{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})\s*([+-]\d{4})?$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;

function inRange(ms: number): number | undefined {
  return Number.isFinite(ms) && ms >= MIN_MS && ms < MAX_MS ? Math.floor(ms) : undefined;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const digits = zone.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  const hours = Number(digits.slice(1, 3));
  const minutes = digits.length > 3 ? Number(digits.slice(3, 5)) : 0;
  return sign * (hours * 60 + minutes) * 60_000;
}

/** Epoch seconds, milliseconds, microseconds or nanoseconds, told apart by magnitude. */
export function epochNumberToMs(value: number): number | undefined {
  const abs = Math.abs(value);
  if (abs < 1e11) return inRange(value * 1000);
  if (abs < 1e14) return inRange(value);
  if (abs < 1e17) return inRange(value / 1000);
  return inRange(value / 1e6);
}

function fromIso(match: RegExpExecArray): number | undefined {
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60)
    return undefined;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  return inRange(utc - zoneOffsetMs(zone));
}

/**
 * RFC 3164 dates carry no year: take the receive year, or the previous one when that would put the
 * log more than a day in the future (a December log received in January).
 */
function fromSyslog(match: RegExpExecArray, receivedAtMs: number): number | undefined {
  const [, mon = '', d, h, mi, s, fraction = ''] = match;
  const month = MONTHS[mon.toLowerCase()];
  if (month === undefined) return undefined;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const year = new Date(receivedAtMs).getUTCFullYear();
  let utc = Date.UTC(year, month, Number(d), Number(h), Number(mi), Number(s), ms);
  if (utc - receivedAtMs > 86_400_000) utc = Date.UTC(year - 1, month, Number(d), Number(h), Number(mi), Number(s), ms);
  return inRange(utc);
}

function fromClf(match: RegExpExecArray): number | undefined {
  const [, d, mon = '', y, h, mi, s, zone] = match;
  const month = MONTHS[mon.toLowerCase()];
  if (month === undefined) return undefined;
  return inRange(Date.UTC(Number(y), month, Number(d), Number(h), Number(mi), Number(s)) - zoneOffsetMs(zone));
}

const digit = (text: string, at: number): number => {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};
const digits = (text: string, at: number, count: number): number => {
  let value = 0;
  for (let i = 0; i < count; i += 1) value = value * 10 + digit(text, at + i);
  return value;
};

/**
 * The form almost every shipper sends, `2026-11-21T10:41:21.123Z` (1–9 fraction digits, `Z` or `±hh:mm`), read
 * without a regular expression: it is on the path of every log. Anything else goes to the general parser.
 */
function fastIso(text: string): number | undefined {
  const length = text.length;
  if (
    length < 20 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  )
    return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    let scale = 100;
    at += 1;
    const start = at;
    while (at < length && at - start < 9) {
      const d = digit(text, at);
      if (Number.isNaN(d)) break;
      ms += d * scale;
      scale /= 10;
      at += 1;
    }
    if (at === start) return undefined;
  }
  let offset = 0;
  const zone = text.charCodeAt(at);
  if (zone === 90 && at === length - 1) offset = 0;
  else if ((zone === 43 || zone === 45) && at === length - 6 && text.charCodeAt(at + 3) === 58) {
    offset = (zone === 45 ? -1 : 1) * (digits(text, at + 1, 2) * 60 + digits(text, at + 4, 2)) * 60_000;
  } else return undefined;
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 60)) return undefined;
  return inRange(Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(ms)) - offset);
}

/** Epoch ms of a timestamp value, or undefined when it is not one we recognise. */
export function parseTimestamp(value: unknown, receivedAtMs: number): number | undefined {
  if (typeof value === 'number') return epochNumberToMs(value);
  if (typeof value !== 'string') return undefined;
  const fast = fastIso(value);
  if (fast !== undefined) return fast;
  const text = value.trim();
  if (text.length === 0 || text.length > 64) return undefined;
  if (NUMERIC.test(text)) return epochNumberToMs(Number(text));
  const iso = ISO.exec(text);
  if (iso !== null) return fromIso(iso);
  const syslog = SYSLOG.exec(text);
  if (syslog !== null) return fromSyslog(syslog, receivedAtMs);
  const clf = CLF.exec(text);
  if (clf !== null) return fromClf(clf);
  return undefined;
}

/** Fields that carry a log's time, most specific first. */
export const TIMESTAMP_FIELDS: readonly string[] = ['@timestamp', 'timestamp', 'time', 'ts', 'datetime', 'date', 'eventTime', '@t'];
