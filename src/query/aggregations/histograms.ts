import type { AggregationAst, NumericBounds, ResolvedDate } from '../ast.js';
import { readTimeZone } from '../dsl/range-bound.js';
import { resolveDateMath } from '../time/date-math.js';
import { dslError } from '../dsl/dsl-error.js';
import {
  child,
  describe,
  expectObject,
  optional,
  readBoolean,
  readInteger,
  readNumber,
  readString,
  rejectUnknownKeys,
  type JsonObject,
} from '../dsl/json-reader.js';
import { readAggregationField, type AggregationContext } from './aggregation-context.js';
import { readBucketOrder } from './bucket-order.js';
import { readCalendarInterval, readFixedInterval, readLegacyInterval, readOffsetMs } from './intervals.js';

const DATE_HISTOGRAM_KEYS = new Set([
  'field',
  'script',
  'calendar_interval',
  'fixed_interval',
  'interval',
  'time_zone',
  'offset',
  'min_doc_count',
  'extended_bounds',
  'hard_bounds',
  'format',
  'order',
  'keyed',
  'missing',
]);

const KEY_ASCENDING = [{ by: '_key', order: 'asc' }] as const;

interface DateSettings {
  readonly now: number;
  readonly format: string | null;
  readonly timeZone: string | null;
}

export function readResolvedDate(value: unknown, path: string, settings: DateSettings): ResolvedDate {
  if (typeof value !== 'string' && typeof value !== 'number') throw dslError(path, `expected a date but found ${describe(value)}`);
  const epochMs = resolveDateMath(value, { ...settings, roundUp: false });
  if (epochMs === null) throw dslError(path, `failed to parse date ${JSON.stringify(value)}`);
  return { epochMs, original: value };
}

function readDateBounds(value: unknown, path: string, settings: DateSettings): { min: ResolvedDate | null; max: ResolvedDate | null } {
  const object = expectObject(value, path);
  rejectUnknownKeys(object, new Set(['min', 'max']), path);
  return {
    min: object.min === undefined || object.min === null ? null : readResolvedDate(object.min, child(path, 'min'), settings),
    max: object.max === undefined || object.max === null ? null : readResolvedDate(object.max, child(path, 'max'), settings),
  };
}

function readNumericBounds(value: unknown, path: string): NumericBounds {
  const object = expectObject(value, path);
  rejectUnknownKeys(object, new Set(['min', 'max']), path);
  return {
    min: object.min === undefined || object.min === null ? null : readNumber(object.min, child(path, 'min')),
    max: object.max === undefined || object.max === null ? null : readNumber(object.max, child(path, 'max')),
  };
}

function readDateInterval(object: JsonObject, path: string) {
  const given = ['calendar_interval', 'fixed_interval', 'interval'].filter((key) => object[key] !== undefined);
  if (given.length === 0)
    throw dslError(child(path, 'calendar_interval'), 'one of calendar_interval, fixed_interval or interval is required');
  if (given.length > 1) throw dslError(path, `only one of [${given.join(', ')}] may be given`);
  if (object.calendar_interval !== undefined) return readCalendarInterval(object.calendar_interval, child(path, 'calendar_interval'));
  if (object.fixed_interval !== undefined) return readFixedInterval(object.fixed_interval, child(path, 'fixed_interval'));
  return readLegacyInterval(object.interval, child(path, 'interval'));
}

export function parseDateHistogram(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, DATE_HISTOGRAM_KEYS, path);
  const field = readAggregationField(object, path, context.options);
  const format = optional(object, 'format', path, readString) ?? null;
  const timeZone = optional(object, 'time_zone', path, readTimeZone) ?? null;
  const settings: DateSettings = { now: context.options.now, format, timeZone };
  return {
    kind: 'date_histogram',
    field,
    interval: readDateInterval(object, path),
    timeZone,
    offsetMs: optional(object, 'offset', path, readOffsetMs) ?? 0,
    minDocCount: optional(object, 'min_doc_count', path, (value, at) => readInteger(value, at, 0)) ?? 0,
    extendedBounds: optional(object, 'extended_bounds', path, (value, at) => readDateBounds(value, at, settings)) ?? null,
    hardBounds: optional(object, 'hard_bounds', path, (value, at) => readDateBounds(value, at, settings)) ?? null,
    format,
    order: readBucketOrder(object.order, child(path, 'order'), context.subAggregations, KEY_ASCENDING),
    keyed: optional(object, 'keyed', path, readBoolean) ?? false,
    missing: optional(object, 'missing', path, (value, at) => readResolvedDate(value, at, settings)) ?? null,
    aggregations: context.subAggregations,
  };
}

const HISTOGRAM_KEYS = new Set([
  'field',
  'script',
  'interval',
  'offset',
  'min_doc_count',
  'extended_bounds',
  'hard_bounds',
  'order',
  'keyed',
  'missing',
  'format',
]);

export function parseHistogram(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, HISTOGRAM_KEYS, path);
  const field = readAggregationField(object, path, context.options);
  if (object.interval === undefined) throw dslError(child(path, 'interval'), 'interval is required');
  const interval = readNumber(object.interval, child(path, 'interval'));
  if (interval <= 0) throw dslError(child(path, 'interval'), `must be greater than 0 but was ${interval}`);
  optional(object, 'format', path, readString);
  return {
    kind: 'histogram',
    field,
    interval,
    offset: optional(object, 'offset', path, readNumber) ?? 0,
    minDocCount: optional(object, 'min_doc_count', path, (value, at) => readInteger(value, at, 0)) ?? 0,
    extendedBounds: optional(object, 'extended_bounds', path, readNumericBounds) ?? null,
    hardBounds: optional(object, 'hard_bounds', path, readNumericBounds) ?? null,
    order: readBucketOrder(object.order, child(path, 'order'), context.subAggregations, KEY_ASCENDING),
    keyed: optional(object, 'keyed', path, readBoolean) ?? false,
    missing: optional(object, 'missing', path, readNumber) ?? null,
    aggregations: context.subAggregations,
  };
}
