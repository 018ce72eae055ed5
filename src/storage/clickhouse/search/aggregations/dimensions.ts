/**
 * The bucket key of each bucket aggregation as SQL: one expression per row (an `arrayJoin` when a row falls in
 * several buckets: multi-valued terms, overlapping ranges, filters), plus the rows it may see at all.
 */
import type { AggregationAst, HistogramInterval, TermsFilter } from '../../../../query/index.js';
import { sqlNumber, sqlString } from '../../sql-literals.js';
import { compileQuery } from '../compile/query-compiler.js';
import type { CompileContext } from '../compile/compile-context.js';
import { arrayOf, dateMsOf, scalarOf, type FieldRef } from '../fields/field-access.js';
import { existsSql } from '../compile/term-level.js';

export type BucketAggregation = Extract<
  AggregationAst,
  { kind: 'terms' | 'date_histogram' | 'histogram' | 'range' | 'date_range' | 'filters' | 'filter' | 'missing' }
>;

export type KeyKind = 'string' | 'number' | 'boolean' | 'date' | 'index';

export interface Dimension {
  readonly key: string;
  /** Rows outside it are in no bucket of this aggregation. */
  readonly predicate: string | null;
  readonly keyKind: KeyKind;
}

export function isBucketAggregation(agg: AggregationAst): agg is BucketAggregation {
  return ['terms', 'date_histogram', 'histogram', 'range', 'date_range', 'filters', 'filter', 'missing'].includes(agg.kind);
}

/** Numeric value of a field for metrics and histograms (dates as epoch ms). */
export function numericValue(field: FieldRef): string | null {
  if (field.shape === 'date') return dateMsOf(field);
  if (field.shape === 'boolean') {
    const b = scalarOf(field, 'boolean');
    return b === null ? null : `toFloat64(${b})`;
  }
  return scalarOf(field, 'number') ?? (field.kinds.includes('string') ? `toFloat64OrNull(${scalarOf(field, 'string') ?? 'NULL'})` : null);
}

function termsKey(field: FieldRef): { scalar: string | null; kind: KeyKind; fromText: (x: string) => string } {
  switch (field.shape) {
    case 'number':
      return { scalar: scalarOf(field, 'number'), kind: 'number', fromText: (x) => `toFloat64OrNull(${x})` };
    case 'date':
      return {
        scalar: dateMsOf(field),
        kind: 'date',
        fromText: (x) => `toUnixTimestamp64Milli(parseDateTime64BestEffortOrNull(${x}, 3, 'UTC'))`,
      };
    case 'boolean': {
      const b = scalarOf(field, 'boolean');
      return { scalar: b === null ? null : `toUInt8(${b})`, kind: 'boolean', fromText: (x) => `toUInt8(${x} = 'true')` };
    }
    default:
      return { scalar: scalarOf(field, 'string'), kind: 'string', fromText: (x) => x };
  }
}

function literal(value: string | number | boolean, kind: KeyKind): string {
  if (kind === 'string') return sqlString(String(value));
  if (kind === 'boolean') return value === true || value === 'true' ? '1' : '0';
  const n = typeof value === 'number' ? value : kind === 'date' ? Date.parse(String(value)) : Number(value);
  return Number.isFinite(n) ? sqlNumber(n) : 'NULL';
}

function termsFilterSql(key: string, filter: TermsFilter, kind: KeyKind): string {
  if (filter.kind === 'regex') return `match(toString(${key}), ${sqlString(`^(?:${filter.pattern})$`)})`;
  if (filter.kind === 'values')
    return filter.values.length === 0 ? '0' : `${key} IN (${filter.values.map((v) => literal(v, kind)).join(', ')})`;
  return `cityHash64(toString(${key})) % ${sqlNumber(filter.numPartitions)} = ${sqlNumber(filter.partition)}`;
}

function intervalKey(ms: string, interval: HistogramInterval, offsetMs: number, timeZone: string | null): string {
  if (interval.kind === 'fixed') {
    // Integer division is exact (and cheap) while the shifted time is not negative: always, for @timestamp.
    if (ms === 'toUnixTimestamp64Milli(ts)' && offsetMs >= 0 && Number.isInteger(interval.ms)) {
      return `intDiv(${ms} - ${sqlNumber(offsetMs)}, ${sqlNumber(interval.ms)}) * ${sqlNumber(interval.ms)} + ${sqlNumber(offsetMs)}`;
    }
    return `toInt64(floor((${ms} - ${sqlNumber(offsetMs)}) / ${sqlNumber(interval.ms)}) * ${sqlNumber(interval.ms)} + ${sqlNumber(offsetMs)})`;
  }
  const tz = sqlString(timeZone ?? 'UTC');
  const dt = `toDateTime(intDiv(${ms} - ${sqlNumber(offsetMs)}, 1000), ${tz})`;
  const start: Record<string, string> = {
    minute: `toStartOfMinute(${dt})`,
    hour: `toStartOfHour(${dt})`,
    day: `toStartOfDay(${dt})`,
    week: `toDateTime(toMonday(${dt}), ${tz})`,
    month: `toDateTime(toStartOfMonth(${dt}), ${tz})`,
    quarter: `toDateTime(toStartOfQuarter(${dt}), ${tz})`,
    year: `toDateTime(toStartOfYear(${dt}), ${tz})`,
  };
  return `toInt64(toUnixTimestamp(${start[interval.unit] ?? dt}) * 1000 + ${sqlNumber(offsetMs)})`;
}

/** `arrayJoin` of the indexes whose condition holds (rows matching none fall in no bucket, or in `other`). */
export function indexJoin(conditions: readonly string[], otherIndex: number | null): string {
  const items = conditions.map((c, i) => `if(${c}, ${i}, -1)`);
  if (otherIndex !== null) items.push(`if(NOT (${conditions.length === 0 ? '0' : conditions.join(' OR ')}), ${otherIndex}, -1)`);
  return `arrayJoin(arrayFilter(i -> i >= 0, [${items.join(', ')}]))`;
}

export function dimensionOf(context: CompileContext, agg: BucketAggregation): Dimension {
  switch (agg.kind) {
    case 'terms': {
      const field = context.catalog.resolve(agg.field);
      const { scalar, kind, fromText } = termsKey(field);
      const array = arrayOf(field);
      let key: string;
      let predicate: string | null;
      if (array === null && agg.missing === null) {
        key = scalar ?? 'NULL';
        predicate = scalar === null ? '0' : `${scalar} IS NOT NULL`;
      } else {
        const scalarPart = scalar === null ? '[]' : `if(isNull(${scalar}), [], [assumeNotNull(${scalar})])`;
        const values =
          array === null
            ? scalarPart
            : `arrayConcat(${scalarPart}, arrayFilter(v -> isNotNull(v), arrayMap(x -> ${fromText('x')}, ${array})))`;
        key = agg.missing === null ? `arrayJoin(${values})` : `arrayJoin(if(empty(${values}), [${literal(agg.missing, kind)}], ${values}))`;
        predicate = null;
      }
      return { key, predicate, keyKind: kind };
    }
    case 'date_histogram': {
      const field = context.catalog.resolve(agg.field);
      const ms = dateMsOf(field) ?? 'NULL';
      const value = agg.missing === null ? ms : `coalesce(${ms}, ${sqlNumber(agg.missing.epochMs)})`;
      const bounds: string[] = [`${value} IS NOT NULL`];
      if (agg.hardBounds?.min) bounds.push(`${value} >= ${sqlNumber(agg.hardBounds.min.epochMs)}`);
      if (agg.hardBounds?.max) bounds.push(`${value} <= ${sqlNumber(agg.hardBounds.max.epochMs)}`);
      return { key: intervalKey(value, agg.interval, agg.offsetMs, agg.timeZone), predicate: bounds.join(' AND '), keyKind: 'date' };
    }
    case 'histogram': {
      const raw = numericValue(context.catalog.resolve(agg.field)) ?? 'NULL';
      const value = agg.missing === null ? raw : `coalesce(${raw}, ${sqlNumber(agg.missing)})`;
      const bounds: string[] = [`${value} IS NOT NULL`];
      if (agg.hardBounds?.min != null) bounds.push(`${value} >= ${sqlNumber(agg.hardBounds.min)}`);
      if (agg.hardBounds?.max != null) bounds.push(`${value} <= ${sqlNumber(agg.hardBounds.max)}`);
      const key = `floor((${value} - ${sqlNumber(agg.offset)}) / ${sqlNumber(agg.interval)}) * ${sqlNumber(agg.interval)} + ${sqlNumber(agg.offset)}`;
      return { key, predicate: bounds.join(' AND '), keyKind: 'number' };
    }
    case 'range': {
      const raw = numericValue(context.catalog.resolve(agg.field)) ?? 'NULL';
      const value = agg.missing === null ? raw : `coalesce(${raw}, ${sqlNumber(agg.missing)})`;
      const conditions = agg.ranges.map((r) => rangeCondition(value, r.from, r.to));
      return { key: indexJoin(conditions, null), predicate: null, keyKind: 'index' };
    }
    case 'date_range': {
      const ms = dateMsOf(context.catalog.resolve(agg.field)) ?? 'NULL';
      const value = agg.missing === null ? ms : `coalesce(${ms}, ${sqlNumber(agg.missing.epochMs)})`;
      const conditions = agg.ranges.map((r) => rangeCondition(value, r.from?.epochMs ?? null, r.to?.epochMs ?? null));
      return { key: indexJoin(conditions, null), predicate: null, keyKind: 'index' };
    }
    case 'filters': {
      const conditions = agg.filters.map((f) => compileQuery(context, f.query).where);
      return { key: indexJoin(conditions, agg.otherBucket ? conditions.length : null), predicate: null, keyKind: 'index' };
    }
    case 'filter':
      return { key: 'toInt8(0)', predicate: compileQuery(context, agg.query).where, keyKind: 'index' };
    case 'missing':
      return { key: 'toInt8(0)', predicate: `NOT ${existsSql(context.catalog.resolve(agg.field))}`, keyKind: 'index' };
  }
}

function rangeCondition(value: string, from: number | null, to: number | null): string {
  const parts = [`${value} IS NOT NULL`];
  if (from !== null) parts.push(`${value} >= ${sqlNumber(from)}`);
  if (to !== null) parts.push(`${value} < ${sqlNumber(to)}`);
  return `ifNull(${parts.join(' AND ')}, 0)`;
}

/** The terms include/exclude filter on the key, applied after grouping. */
export function termsKeyFilter(context: CompileContext, agg: Extract<AggregationAst, { kind: 'terms' }>, key: string): string | null {
  const { kind } = termsKey(context.catalog.resolve(agg.field));
  const parts: string[] = [];
  if (agg.include !== null) parts.push(termsFilterSql(key, agg.include, kind));
  if (agg.exclude !== null) parts.push(`NOT ${termsFilterSql(key, agg.exclude, kind)}`);
  return parts.length === 0 ? null : parts.join(' AND ');
}
