import { offsetMsAt, toLocal } from './time-zone.js';

/**
 * Printing dates as Elasticsearch does for `key_as_string`, `value_as_string` and docvalue `format`s: the built-in
 * formats (the first of `a||b`) and java-time patterns, in `timeZone` (UTC by default). The inverse of
 * date-format.ts.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const BUILT_IN_PATTERNS: Readonly<Record<string, string>> = {
  strict_date_optional_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  date_optional_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  strict_date_optional_time_nanos: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  strict_date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  strict_date_time_no_millis: "yyyy-MM-dd'T'HH:mm:ssXXX",
  date_time_no_millis: "yyyy-MM-dd'T'HH:mm:ssXXX",
  strict_date: 'yyyy-MM-dd',
  date: 'yyyy-MM-dd',
  strict_date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  strict_date_hour_minute_second_millis: "yyyy-MM-dd'T'HH:mm:ss.SSS",
  date_hour_minute_second_millis: "yyyy-MM-dd'T'HH:mm:ss.SSS",
  strict_date_hour_minute: "yyyy-MM-dd'T'HH:mm",
  date_hour_minute: "yyyy-MM-dd'T'HH:mm",
  strict_year_month_day: 'yyyy-MM-dd',
  year_month_day: 'yyyy-MM-dd',
  strict_year_month: 'yyyy-MM',
  year_month: 'yyyy-MM',
  strict_year: 'yyyy',
  year: 'yyyy',
  basic_date: 'yyyyMMdd',
  basic_date_time: "yyyyMMdd'T'HHmmss.SSSZ",
  basic_date_time_no_millis: "yyyyMMdd'T'HHmmssZ",
  hour_minute_second: 'HH:mm:ss',
  strict_hour_minute_second: 'HH:mm:ss',
};

const TOKEN = /(yyyy|uuuu|yy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|HH|H|hh|h|mm|m|ss|s|SSS|SS|S|a|XXX|XX|X|ZZ|Z|'[^']*'|.)/g;

const pad = (value: number, width: number): string => String(Math.abs(value)).padStart(width, '0');

function zoneText(offsetMs: number, token: string): string {
  if (offsetMs === 0 && token.startsWith('X')) return 'Z';
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / 60_000;
  const hours = pad(Math.floor(minutes / 60), 2);
  const rest = pad(minutes % 60, 2);
  return token === 'XXX' || token === 'ZZ' ? `${sign}${hours}:${rest}` : token === 'X' ? `${sign}${hours}` : `${sign}${hours}${rest}`;
}

function printPattern(epochMs: number, pattern: string, timeZone: string | null): string {
  const local = toLocal(epochMs, timeZone);
  const offset = offsetMsAt(epochMs, timeZone);
  const weekday = (new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7;
  const hour12 = local.hour % 12 === 0 ? 12 : local.hour % 12;
  return (pattern.match(TOKEN) ?? [])
    .map((token) => {
      switch (token) {
        case 'yyyy':
        case 'uuuu':
          return pad(local.year, 4);
        case 'yy':
          return pad(local.year % 100, 2);
        case 'MMMM':
          return MONTHS[local.month - 1] ?? '';
        case 'MMM':
          return (MONTHS[local.month - 1] ?? '').slice(0, 3);
        case 'MM':
          return pad(local.month, 2);
        case 'M':
          return String(local.month);
        case 'dd':
          return pad(local.day, 2);
        case 'd':
          return String(local.day);
        case 'EEEE':
          return DAYS[weekday] ?? '';
        case 'EEE':
          return (DAYS[weekday] ?? '').slice(0, 3);
        case 'HH':
          return pad(local.hour, 2);
        case 'H':
          return String(local.hour);
        case 'hh':
          return pad(hour12, 2);
        case 'h':
          return String(hour12);
        case 'mm':
          return pad(local.minute, 2);
        case 'm':
          return String(local.minute);
        case 'ss':
          return pad(local.second, 2);
        case 's':
          return String(local.second);
        case 'SSS':
          return pad(local.millisecond, 3);
        case 'SS':
          return pad(Math.floor(local.millisecond / 10), 2);
        case 'S':
          return String(Math.floor(local.millisecond / 100));
        case 'a':
          return local.hour < 12 ? 'AM' : 'PM';
        case 'XXX':
        case 'XX':
        case 'X':
        case 'ZZ':
        case 'Z':
          return zoneText(offset, token);
        default:
          return token.startsWith("'") ? token.slice(1, -1) : token;
      }
    })
    .join('');
}

/** `epochMs` printed with `format` (default strict_date_optional_time) in `timeZone` (default UTC). */
export function formatDate(epochMs: number, format: string | null, timeZone: string | null = null): string {
  const first = (format ?? 'strict_date_optional_time').split('||')[0]?.trim() ?? 'strict_date_optional_time';
  if (first === 'epoch_millis') return String(Math.trunc(epochMs));
  if (first === 'epoch_second') return String(Math.floor(epochMs / 1000));
  return printPattern(epochMs, BUILT_IN_PATTERNS[first] ?? first, timeZone);
}
