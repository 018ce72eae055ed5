/**
 * `key_as_string` and `value_as_string` for dates: Elasticsearch's default (strict_date_optional_time, UTC,
 * with milliseconds) or a Joda-style pattern from `format` (`yyyy-MM-dd HH:mm:ss.SSS`, `epoch_millis`,
 * `epoch_second`, named ISO formats).
 */

const NAMED: Readonly<Record<string, string>> = {
  strict_date_optional_time: "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
  date_optional_time: "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
  strict_date_optional_time_nanos: "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
  date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
  strict_date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
  date: 'yyyy-MM-dd',
  strict_date: 'yyyy-MM-dd',
  date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  basic_date: 'yyyyMMdd',
};

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function formatDate(epochMs: number, format: string | null): string {
  const first = (format ?? 'strict_date_optional_time').split('||')[0] ?? '';
  if (first === 'epoch_millis') return String(epochMs);
  if (first === 'epoch_second') return String(Math.floor(epochMs / 1000));
  const pattern = NAMED[first] ?? first;
  const d = new Date(epochMs);
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i] ?? '';
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      out += pattern.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? pattern.length : end + 1;
      continue;
    }
    let run = 1;
    while (pattern[i + run] === c) run += 1;
    i += run;
    switch (c) {
      case 'y':
      case 'u':
        out += run === 2 ? pad(d.getUTCFullYear() % 100, 2) : pad(d.getUTCFullYear(), 4);
        break;
      case 'M':
        out += pad(d.getUTCMonth() + 1, run);
        break;
      case 'd':
        out += pad(d.getUTCDate(), run);
        break;
      case 'H':
        out += pad(d.getUTCHours(), run);
        break;
      case 'm':
        out += pad(d.getUTCMinutes(), run);
        break;
      case 's':
        out += pad(d.getUTCSeconds(), run);
        break;
      case 'S':
        out += pad(d.getUTCMilliseconds(), 3).slice(0, run);
        break;
      case 'Z':
      case 'X':
        out += 'Z';
        break;
      default:
        out += c.repeat(run);
    }
  }
  return out;
}
