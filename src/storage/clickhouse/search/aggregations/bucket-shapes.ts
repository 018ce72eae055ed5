/** Bucket lists in Elasticsearch's order and shape: terms ordering and size, empty histogram buckets, keyed forms. */
import type { BucketOrder } from '../../../../query/index.js';
import type { BucketAggregation } from './dimensions.js';
import type { CompileContext } from '../compile/compile-context.js';
import { formatDate } from './date-format.js';
import { clickhouseErrors } from '../../clickhouse-errors.js';

export interface Bucket {
  readonly key: unknown;
  readonly docCount: number;
  readonly children: Record<string, unknown>;
}

/** Elasticsearch's `search.max_buckets`: a histogram whose empty buckets would go past it is refused, not cut. */
export const MAX_BUCKETS = 65_536;

function metricOf(bucket: Bucket, order: Extract<BucketOrder, { by: 'aggregation' }>): number {
  const result = bucket.children[order.aggregation] as Record<string, unknown> | undefined;
  if (result === undefined) return 0;
  const value = order.metric === null ? (result.value ?? result.doc_count) : result[order.metric];
  return typeof value === 'number' ? value : Number.NEGATIVE_INFINITY;
}

function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function sortBuckets(buckets: Bucket[], orders: readonly BucketOrder[], fallback: BucketOrder[]): Bucket[] {
  const all = [...orders, ...fallback];
  return buckets.sort((a, b) => {
    for (const order of all) {
      const sign = order.order === 'asc' ? 1 : -1;
      let diff = 0;
      if (order.by === '_count') diff = a.docCount - b.docCount;
      else if (order.by === '_key') diff = compareKeys(a.key, b.key);
      else diff = metricOf(a, order) - metricOf(b, order);
      if (diff !== 0) return sign * diff;
    }
    return 0;
  });
}

function nextCalendar(ms: number, unit: string): number {
  const d = new Date(ms);
  switch (unit) {
    case 'minute':
      return ms + 60_000;
    case 'hour':
      return ms + 3_600_000;
    case 'day':
      return ms + 86_400_000;
    case 'week':
      return ms + 7 * 86_400_000;
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
    case 'quarter':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
    default:
      return Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
  }
}

/** How many buckets a fixed interval spans from `min` to `max` (a calendar one: just past the limit). */
function bucketsBetween(agg: Extract<BucketAggregation, { kind: 'date_histogram' | 'histogram' }>, min: number, max: number): number {
  const interval = agg.kind === 'histogram' ? agg.interval : agg.interval.kind === 'fixed' ? agg.interval.ms : null;
  return interval === null ? MAX_BUCKETS + 1 : Math.floor((max - min) / interval) + 1;
}

function fillHistogram(
  agg: Extract<BucketAggregation, { kind: 'date_histogram' | 'histogram' }>,
  buckets: Bucket[],
  children: () => Record<string, unknown>,
): Bucket[] {
  const sorted = [...buckets].sort((a, b) => compareKeys(a.key, b.key));
  if (agg.minDocCount > 0) return sorted.filter((b) => b.docCount >= agg.minDocCount);
  const keys = sorted.map((b) => Number(b.key));
  let min = keys[0];
  let max = keys[keys.length - 1];
  let step: (k: number) => number;
  let align: (k: number) => number;
  if (agg.kind === 'histogram') {
    step = (k) => k + agg.interval;
    align = (k) => Math.floor((k - agg.offset) / agg.interval) * agg.interval + agg.offset;
    if (agg.extendedBounds?.min != null) min = Math.min(min ?? Infinity, align(agg.extendedBounds.min));
    if (agg.extendedBounds?.max != null) max = Math.max(max ?? -Infinity, align(agg.extendedBounds.max));
  } else {
    const interval = agg.interval;
    step = interval.kind === 'fixed' ? (k) => k + interval.ms : (k) => nextCalendar(k, interval.unit);
    align = interval.kind === 'fixed' ? (k) => Math.floor((k - agg.offsetMs) / interval.ms) * interval.ms + agg.offsetMs : (k) => k;
    if (interval.kind === 'fixed') {
      if (agg.extendedBounds?.min) min = Math.min(min ?? Infinity, align(agg.extendedBounds.min.epochMs));
      if (agg.extendedBounds?.max) max = Math.max(max ?? -Infinity, align(agg.extendedBounds.max.epochMs));
    }
  }
  if (min === undefined || max === undefined || !Number.isFinite(min) || !Number.isFinite(max)) return sorted;
  const byKey = new Map(sorted.map((b) => [Number(b.key), b]));
  const out: Bucket[] = [];
  for (let k = min; k <= max; k = step(k)) {
    if (out.length === MAX_BUCKETS) throw clickhouseErrors.tooManyBuckets(MAX_BUCKETS, bucketsBetween(agg, min, max));
    out.push(byKey.get(k) ?? { key: k, docCount: 0, children: children() });
  }
  return out;
}

/** The buckets to return, in order, with empty ones where Elasticsearch shows them. */
export function bucketList(agg: BucketAggregation, found: Bucket[], children: () => Record<string, unknown>): Bucket[] {
  switch (agg.kind) {
    case 'terms': {
      const kept = found.filter((b) => b.docCount >= Math.max(agg.minDocCount, 1));
      return sortBuckets(kept, agg.order, [
        { by: '_count', order: 'desc' },
        { by: '_key', order: 'asc' },
      ]).slice(0, agg.size);
    }
    case 'date_histogram':
    case 'histogram': {
      const filled = fillHistogram(agg, found, children);
      return agg.order.length === 0 ? filled : sortBuckets(filled, agg.order, []);
    }
    case 'range':
    case 'date_range':
      return agg.ranges.map((_, i) => found.find((b) => Number(b.key) === i) ?? { key: i, docCount: 0, children: children() });
    case 'filters': {
      const count = agg.filters.length + (agg.otherBucket ? 1 : 0);
      return Array.from(
        { length: count },
        (_, i) => found.find((b) => Number(b.key) === i) ?? { key: i, docCount: 0, children: children() },
      );
    }
    case 'filter':
    case 'missing':
      return [found[0] ?? { key: 0, docCount: 0, children: children() }];
  }
}

/** The buckets of an aggregation over no documents. */
export function emptyBuckets(agg: BucketAggregation, children: () => Record<string, unknown>): Bucket[] {
  return bucketList(agg, [], children);
}

const rangeNumber = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** The Elasticsearch response object of a bucket aggregation. */
export function shapeBuckets(
  context: CompileContext,
  agg: BucketAggregation,
  buckets: readonly Bucket[],
  total: number,
): Record<string, unknown> {
  const entry = (b: Bucket, head: Record<string, unknown>): Record<string, unknown> => ({ ...head, doc_count: b.docCount, ...b.children });
  switch (agg.kind) {
    case 'terms': {
      const shape = context.catalog.resolve(agg.field).shape;
      const list = buckets.map((b) => {
        if (shape === 'date') return entry(b, { key: b.key, key_as_string: formatDate(Number(b.key), null) });
        if (shape === 'boolean') return entry(b, { key: Number(b.key), key_as_string: Number(b.key) === 1 ? 'true' : 'false' });
        return entry(b, { key: b.key });
      });
      const shown = buckets.reduce((sum, b) => sum + b.docCount, 0);
      return { doc_count_error_upper_bound: 0, sum_other_doc_count: Math.max(0, total - shown), buckets: list };
    }
    case 'date_histogram': {
      const list = buckets.map((b) => entry(b, { key_as_string: formatDate(Number(b.key), agg.format), key: Number(b.key) }));
      return { buckets: agg.keyed ? Object.fromEntries(list.map((b) => [String(b.key_as_string), b])) : list };
    }
    case 'histogram': {
      const list = buckets.map((b) => entry(b, { key: Number(b.key) }));
      return { buckets: agg.keyed ? Object.fromEntries(list.map((b) => [rangeNumber(Number(b.key)), b])) : list };
    }
    case 'range': {
      const list = agg.ranges.map((r, i) => {
        const head: Record<string, unknown> = {
          key: r.key ?? `${r.from === null ? '*' : rangeNumber(r.from)}-${r.to === null ? '*' : rangeNumber(r.to)}`,
        };
        if (r.from !== null) head.from = r.from;
        if (r.to !== null) head.to = r.to;
        return entry(buckets[i] ?? { key: i, docCount: 0, children: {} }, head);
      });
      return { buckets: agg.keyed ? Object.fromEntries(list.map((b) => [String(b.key), b])) : list };
    }
    case 'date_range': {
      const list = agg.ranges.map((r, i) => {
        const from = r.from === null ? null : formatDate(r.from.epochMs, agg.format);
        const to = r.to === null ? null : formatDate(r.to.epochMs, agg.format);
        const head: Record<string, unknown> = { key: r.key ?? `${from ?? '*'}-${to ?? '*'}` };
        if (r.from !== null) Object.assign(head, { from: r.from.epochMs, from_as_string: from });
        if (r.to !== null) Object.assign(head, { to: r.to.epochMs, to_as_string: to });
        return entry(buckets[i] ?? { key: i, docCount: 0, children: {} }, head);
      });
      return { buckets: agg.keyed ? Object.fromEntries(list.map((b) => [String(b.key), b])) : list };
    }
    case 'filters': {
      const names = [...agg.filters.map((f) => f.key), ...(agg.otherBucket ? [agg.otherBucketKey] : [])];
      if (agg.keyed) return { buckets: Object.fromEntries(buckets.map((b, i) => [names[i] ?? String(i), entry(b, {})])) };
      return { buckets: buckets.map((b) => entry(b, {})) };
    }
    case 'filter':
    case 'missing': {
      const b = buckets[0];
      return b === undefined ? { doc_count: 0 } : entry(b, {});
    }
  }
}
