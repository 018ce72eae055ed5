import type { AggregationAst, DateRange, NumericRange } from '../ast.js';
import { readTimeZone } from '../dsl/range-bound.js';
import {
  child,
  expectArray,
  expectObject,
  optional,
  readBoolean,
  readNumber,
  readScalar,
  readString,
  rejectUnknownKeys,
} from '../dsl/json-reader.js';
import { readAggregationField, type AggregationContext } from './aggregation-context.js';
import { readResolvedDate } from './histograms.js';

const RANGE_KEYS = new Set(['field', 'script', 'ranges', 'keyed', 'missing', 'format']);
const ENTRY_KEYS = new Set(['key', 'from', 'to']);

function readKey(value: unknown, path: string): string {
  return String(readScalar(value, path));
}

/** `range`: numeric buckets `[from, to)`. */
export function parseRangeAggregation(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, RANGE_KEYS, path);
  const field = readAggregationField(object, path, context.options);
  const at = child(path, 'ranges');
  const ranges = expectArray(object.ranges ?? [], at).map((entry, index): NumericRange => {
    const entryPath = child(at, index);
    const range = expectObject(entry, entryPath);
    rejectUnknownKeys(range, ENTRY_KEYS, entryPath);
    return {
      key: optional(range, 'key', entryPath, readKey) ?? null,
      from: range.from === null ? null : (optional(range, 'from', entryPath, readNumber) ?? null),
      to: range.to === null ? null : (optional(range, 'to', entryPath, readNumber) ?? null),
    };
  });
  optional(object, 'format', path, readString);
  return {
    kind: 'range',
    field,
    ranges,
    keyed: optional(object, 'keyed', path, readBoolean) ?? false,
    missing: optional(object, 'missing', path, readNumber) ?? null,
    aggregations: context.subAggregations,
  };
}

const DATE_RANGE_KEYS = new Set(['field', 'script', 'ranges', 'keyed', 'missing', 'format', 'time_zone']);

/** `date_range`: date buckets `[from, to)` with date math (`now-10d/d`) resolved against the request's now. */
export function parseDateRangeAggregation(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, DATE_RANGE_KEYS, path);
  const field = readAggregationField(object, path, context.options);
  const format = optional(object, 'format', path, readString) ?? null;
  const timeZone = optional(object, 'time_zone', path, readTimeZone) ?? null;
  const settings = { now: context.options.now, format, timeZone };
  const at = child(path, 'ranges');
  const ranges = expectArray(object.ranges ?? [], at).map((entry, index): DateRange => {
    const entryPath = child(at, index);
    const range = expectObject(entry, entryPath);
    rejectUnknownKeys(range, ENTRY_KEYS, entryPath);
    const date = (key: 'from' | 'to') =>
      range[key] === undefined || range[key] === null ? null : readResolvedDate(range[key], child(entryPath, key), settings);
    return { key: optional(range, 'key', entryPath, readKey) ?? null, from: date('from'), to: date('to') };
  });
  return {
    kind: 'date_range',
    field,
    ranges,
    keyed: optional(object, 'keyed', path, readBoolean) ?? false,
    format,
    timeZone,
    missing: optional(object, 'missing', path, (value, p) => readResolvedDate(value, p, settings)) ?? null,
    aggregations: context.subAggregations,
  };
}
