import type { CalendarUnit, HistogramInterval } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { describe } from '../dsl/json-reader.js';

const CALENDAR_NAMES: Readonly<Record<string, CalendarUnit>> = {
  '1m': 'minute',
  minute: 'minute',
  '1h': 'hour',
  hour: 'hour',
  '1d': 'day',
  day: 'day',
  '1w': 'week',
  week: 'week',
  '1M': 'month',
  month: 'month',
  '1q': 'quarter',
  quarter: 'quarter',
  '1y': 'year',
  year: 'year',
};

const FIXED_UNIT_MS: Readonly<Record<string, number>> = {
  nanos: 1e-6,
  micros: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A duration such as `30s`, `5m`, `12h`, `2d`, `500ms` in ms; null when it is not one. */
export function durationMs(text: string): number | null {
  const match = /^(\d+)(nanos|micros|ms|s|m|h|d)$/.exec(text.trim());
  if (match === null) return null;
  const ms = Number(match[1]) * (FIXED_UNIT_MS[match[2] ?? ''] ?? Number.NaN);
  return Number.isFinite(ms) ? ms : null;
}

export function readCalendarInterval(value: unknown, path: string): HistogramInterval {
  const text = typeof value === 'string' ? value.trim() : '';
  const unit = CALENDAR_NAMES[text];
  if (unit === undefined)
    throw dslError(path, `invalid calendar_interval ${describe(value)}: use 1m, 1h, 1d, 1w, 1M, 1q, 1y or their names`);
  return { kind: 'calendar', unit, original: text };
}

export function readFixedInterval(value: unknown, path: string): HistogramInterval {
  const text = typeof value === 'string' ? value.trim() : '';
  const ms = durationMs(text);
  if (ms === null || ms < 1) throw dslError(path, `invalid fixed_interval ${describe(value)}: use a whole number of ms, s, m, h or d`);
  return { kind: 'fixed', ms, original: text };
}

/** Pre-7.2 `interval`: a calendar unit when it names one (`1d`, `month`), else a fixed duration or ms number. */
export function readLegacyInterval(value: unknown, path: string): HistogramInterval {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return { kind: 'fixed', ms: value, original: String(value) };
  if (typeof value === 'string' && CALENDAR_NAMES[value.trim()] !== undefined) return readCalendarInterval(value, path);
  return readFixedInterval(value, path);
}

/** `offset` of a date_histogram: `+6h`, `-1d`, `30m` or a number of ms. */
export function readOffsetMs(value: unknown, path: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string') {
    const sign = value.trim().startsWith('-') ? -1 : 1;
    const ms = durationMs(value.trim().replace(/^[+-]/, ''));
    if (ms !== null) return sign * ms;
  }
  throw dslError(path, `invalid offset ${describe(value)}`);
}
