import { fromLocal, type LocalFields } from './time-zone.js';

/**
 * Parsing dates with Elasticsearch `format`s: the built-ins logs use (`strict_date_optional_time`,
 * `date_optional_time`, `epoch_millis`, `epoch_second`, `basic_date`, `date`, `date_time`, …) and Joda/java-time
 * patterns (`yyyy-MM-dd HH:mm:ss`, `dd/MM/yyyy`, …). `a||b` tries each in turn. Null means "not this format".
 */

export const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';

const ISO =
  /^([+-]?\d{4,9})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function zoneOffsetMs(text: string): number {
  if (text.toUpperCase() === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 3_600_000 + Number(digits.slice(2, 4) || '0') * 60_000);
}

function build(fields: LocalFields, zoneText: string | undefined, timeZone: string | null): number | null {
  if (
    fields.month < 1 ||
    fields.month > 12 ||
    fields.day < 1 ||
    fields.day > 31 ||
    fields.hour > 24 ||
    fields.minute > 59 ||
    fields.second > 60
  )
    return null;
  return instant(fields, zoneText, timeZone);
}

/** Fields → epoch ms; out-of-range fields roll over. */
function instant(fields: LocalFields, zoneText: string | undefined, timeZone: string | null): number {
  if (zoneText !== undefined) {
    const utc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second, fields.millisecond);
    return utc - zoneOffsetMs(zoneText);
  }
  return fromLocal(fields, timeZone);
}

const PRECISION_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/**
 * ISO 8601 as strict_date_optional_time reads it. With `roundUp` (the bounds ES rounds up: `gt`, `lte`), missing
 * components take their largest value, as ES's round-up parser does: `lte: "2024-01"` ends on Jan 31 23:59:59.999.
 */
function parseIso(text: string, timeZone: string | null, roundUp: boolean): number | null {
  const match = ISO.exec(text.trim());
  if (match === null) return null;
  const fraction = match[7] ?? '0';
  const fields: LocalFields = {
    year: Number(match[1]),
    month: Number(match[2] ?? '1'),
    day: Number(match[3] ?? '1'),
    hour: Number(match[4] ?? '0'),
    minute: Number(match[5] ?? '0'),
    second: Number(match[6] ?? '0'),
    millisecond: Math.floor(Number(`0.${fraction}`) * 1000),
  };
  const start = build(fields, match[8], timeZone);
  if (start === null || !roundUp || match[7] !== undefined) return start;
  const given = [match[1], match[2], match[3], match[4], match[5], match[6]].filter((part) => part !== undefined).length;
  const last = PRECISION_FIELDS[given - 1];
  if (last === undefined) return start;
  return instant({ ...fields, [last]: fields[last] + 1 }, match[8], timeZone) - 1;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

const PATTERN_TOKEN = /(yyyy|uuuu|yy|MM|M|dd|d|HH|H|mm|m|ss|s|SSS|S+|XXX|XX|X|ZZ|Z|'[^']*'|.)/g;

const PATTERN_FIELDS: Readonly<Record<string, keyof LocalFields>> = {
  yyyy: 'year',
  uuuu: 'year',
  MM: 'month',
  M: 'month',
  dd: 'day',
  d: 'day',
  HH: 'hour',
  H: 'hour',
  mm: 'minute',
  m: 'minute',
  ss: 'second',
  s: 'second',
};

/** A java-time pattern → a regex with one group per field. */
function parsePattern(pattern: string, text: string, timeZone: string | null): number | null {
  const fields: { -readonly [K in keyof LocalFields]: number } = {
    year: 1970,
    month: 1,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
  };
  const setters: Array<(value: string) => void> = [];
  let zoneText: string | undefined;
  let source = '';
  for (const token of pattern.match(PATTERN_TOKEN) ?? []) {
    const field = PATTERN_FIELDS[token];
    if (field !== undefined) {
      source += token.length === 4 ? '(\\d{4})' : token.length === 2 ? '(\\d{2})' : '(\\d{1,2})';
      setters.push((value) => (fields[field] = Number(value)));
    } else if (token === 'yy') {
      source += '(\\d{2})';
      setters.push((value) => (fields.year = 2000 + Number(value)));
    } else if (/^S+$/.test(token)) {
      source += `(\\d{1,${token.length}})`;
      setters.push((value) => (fields.millisecond = Math.floor(Number(`0.${value}`) * 1000)));
    } else if (/^[XZ]+$/.test(token)) {
      source += '(Z|[+-]\\d{2}(?::?\\d{2})?)';
      setters.push((value) => (zoneText = value));
    } else if (token.startsWith("'")) {
      source += token.slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else {
      source += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  const match = new RegExp(`^${source}$`).exec(text.trim());
  if (match === null) return null;
  setters.forEach((set, index) => set(match[index + 1] ?? ''));
  return build(fields, zoneText, timeZone);
}

function parseOne(format: string, text: string, timeZone: string | null, roundUp: boolean): number | null {
  switch (format) {
    case 'epoch_millis':
      return NUMBER.test(text) ? Math.trunc(Number(text)) : null;
    case 'epoch_second':
      return NUMBER.test(text) ? Math.trunc(Number(text) * 1000) : null;
    case 'strict_date_optional_time':
    case 'date_optional_time':
    case 'strict_date_optional_time_nanos':
    case 'strict_date_time':
    case 'date_time':
    case 'strict_date_time_no_millis':
    case 'date_time_no_millis':
    case 'strict_date':
    case 'date':
    case 'strict_date_hour_minute_second':
    case 'date_hour_minute_second':
    case 'strict_date_hour_minute_second_millis':
    case 'date_hour_minute_second_millis':
    case 'strict_date_hour_minute_second_fraction':
    case 'date_hour_minute_second_fraction':
    case 'strict_year_month_day':
    case 'year_month_day':
    case 'strict_year_month':
    case 'year_month':
    case 'strict_year':
    case 'year':
      // A strict ISO year has four digits; a bare long number is left to epoch_millis.
      return /^[+-]?\d{5,}$/.test(text.trim()) ? null : parseIso(text, timeZone, roundUp);
    case 'basic_date':
      return parsePattern('yyyyMMdd', text, timeZone);
    case 'basic_date_time':
      return parsePattern("yyyyMMdd'T'HHmmss.SSSZ", text, timeZone);
    case 'basic_date_time_no_millis':
      return parsePattern("yyyyMMdd'T'HHmmssZ", text, timeZone);
    default:
      return parsePattern(format, text, timeZone);
  }
}

/** `text` read with `format` (default: strict_date_optional_time||epoch_millis) in `timeZone` (default UTC). */
export function parseDate(text: string, format: string | null, timeZone: string | null, roundUp = false): number | null {
  for (const one of (format ?? DEFAULT_DATE_FORMAT).split('||')) {
    const value = parseOne(one.trim(), text, timeZone, roundUp);
    if (value !== null && Number.isFinite(value)) return value;
  }
  return null;
}

/** Whether a format names epoch seconds (a number is then seconds, not ms). */
export function isEpochSecondFormat(format: string | null): boolean {
  return format !== null && format.split('||')[0]?.trim() === 'epoch_second';
}
