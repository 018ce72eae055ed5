/**
 * Time-zone arithmetic for date math, date ranges and histograms: `time_zone` is an IANA name (`Europe/Paris`),
 * `UTC`/`Z`, or a fixed offset (`+01:00`, `-0530`). Pure: uses the ICU data in Intl, never the clock.
 */

const FIXED_OFFSET = /^([+-])(\d{1,2})(?::?(\d{2}))?$/;

export interface LocalFields {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is a time zone ES would accept; unknown names are an error for the caller to report. */
export function isValidTimeZone(zone: string): boolean {
  if (FIXED_OFFSET.test(zone) || zone === 'Z' || zone.toUpperCase() === 'UTC') return true;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of `zone` from UTC at the instant `epochMs`, in ms (positive east of Greenwich). */
export function offsetMsAt(epochMs: number, zone: string | null): number {
  if (zone === null || zone === 'Z' || zone.toUpperCase() === 'UTC') return 0;
  const fixed = FIXED_OFFSET.exec(zone);
  if (fixed !== null) {
    const sign = fixed[1] === '-' ? -1 : 1;
    return sign * (Number(fixed[2]) * 3_600_000 + Number(fixed[3] ?? '0') * 60_000);
  }
  const parts = formatterOf(zone).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const wholeSeconds = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return asUtc - wholeSeconds;
}

/** The wall-clock fields of `epochMs` in `zone`. */
export function toLocal(epochMs: number, zone: string | null): LocalFields {
  const date = new Date(epochMs + offsetMsAt(epochMs, zone));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
  };
}

/** The instant at which the wall clock of `zone` shows `fields` (out-of-range fields roll over, as Date.UTC does). */
export function fromLocal(fields: LocalFields, zone: string | null): number {
  const asUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second, fields.millisecond);
  const first = asUtc - offsetMsAt(asUtc, zone);
  return asUtc - offsetMsAt(first, zone);
}
