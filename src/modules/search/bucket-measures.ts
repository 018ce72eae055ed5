import { termsAggregation, type AggregationAst, type NamedAggregation, type QueryAst, type SearchRequest } from '../../query/index.js';
import type { GroupPartial, MeasuredBucket } from '../../detection/index.js';
import type { GroupMeasure } from '../../storage/log-store.js';

/**
 * A question's partial measures per fixed time bucket (the exact alert preview, decision 0780), asked as an ordinary
 * search: date_histogram on `@timestamp` → one terms level per groupBy field → `stats` of the measured field (or a
 * `filter` for share-of-logs). The search path resolves fields and numbers exactly as the typed measure does.
 */

/** The measures whose windows are sums, minima and maxima of their buckets' partials. */
export type SlidableMeasure =
  | { readonly kind: 'count' }
  | { readonly kind: 'sum' | 'avg' | 'min' | 'max'; readonly field: string }
  | { readonly kind: 'share'; readonly condition: QueryAst };

/** The measure when its windows slide over bucket partials, else undefined (UNIQUE_COUNT, PERCENTILE). */
export function slidableMeasure(measure: GroupMeasure): SlidableMeasure | undefined {
  if (measure.kind === 'unique_count' || measure.kind === 'percentile') return undefined;
  if (measure.kind === 'count' || measure.kind === 'share') return measure;
  return { kind: measure.kind, field: measure.field };
}

const BUCKETS = '__buckets';
const METRIC = '__m';
const groupName = (level: number): string => `__g${level}`;

function metricOf(measure: SlidableMeasure): NamedAggregation[] {
  switch (measure.kind) {
    case 'count':
      return [];
    case 'share':
      return [{ name: METRIC, aggregation: { kind: 'filter', query: measure.condition, aggregations: [] }, meta: null }];
    default:
      return [
        {
          name: METRIC,
          aggregation: { kind: 'stats', field: measure.field, missing: null, sigma: null, precisionThreshold: null },
          meta: null,
        },
      ];
  }
}

/** The search request of one question's buckets over the scope's window (the scope bounds the time). */
export function bucketRequest(
  base: SearchRequest,
  condition: QueryAst,
  excludedTypes: readonly string[],
  groupBy: readonly string[],
  measure: SlidableMeasure,
  bucketMs: number,
  maxGroups: number,
): SearchRequest {
  let inner: readonly NamedAggregation[] = metricOf(measure);
  for (let level = groupBy.length - 1; level >= 0; level -= 1)
    inner = [
      { name: groupName(level), aggregation: termsAggregation(groupBy[level] as string, maxGroups, { aggregations: inner }), meta: null },
    ];
  const histogram: AggregationAst = {
    kind: 'date_histogram',
    field: '@timestamp',
    interval: { kind: 'fixed', ms: bucketMs, original: `${bucketMs}ms` },
    timeZone: null,
    offsetMs: 0,
    minDocCount: 1,
    extendedBounds: null,
    hardBounds: null,
    format: null,
    order: [],
    keyed: false,
    missing: null,
    aggregations: inner,
  };
  const excluded: QueryAst[] = excludedTypes.length === 0 ? [] : [{ kind: 'terms', field: 'type', values: [...excludedTypes], boost: 1 }];
  return {
    ...base,
    size: 0,
    sort: [],
    trackTotalHits: false,
    query: { kind: 'bool', must: [condition], should: [], mustNot: excluded, filter: [], minimumShouldMatch: null, boost: 1 },
    aggregations: [{ name: BUCKETS, aggregation: histogram, meta: null }],
  };
}

type Json = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const bucketsOf = (value: unknown): readonly Json[] =>
  isObject(value) && Array.isArray(value.buckets) ? value.buckets.filter(isObject) : [];
const numberOr = <T>(value: unknown, otherwise: T): number | T => (typeof value === 'number' && Number.isFinite(value) ? value : otherwise);

/** A terms key as the typed measure prints a group value: `key_as_string` for dates and booleans, else the key. */
const keyText = (bucket: Json): string =>
  typeof bucket.key_as_string === 'string' ? bucket.key_as_string : typeof bucket.key === 'string' ? bucket.key : String(bucket.key);

/**
 * The partials of each bucket with logs, or undefined when a terms level left groups out (more than it lists): the
 * windows could then not be answered as the store answers them.
 */
export function bucketPartialsOf(
  aggregations: Readonly<Record<string, unknown>> | null,
  groupBy: readonly string[],
  measure: SlidableMeasure,
): MeasuredBucket[] | undefined {
  const out: MeasuredBucket[] = [];
  let cut = false;
  const leaf = (bucket: Json, group: Record<string, string>): GroupPartial => {
    const count = numberOr(bucket.doc_count, 0);
    const metric = bucket[METRIC];
    if (measure.kind === 'share')
      return { group, count, numbers: 0, sum: 0, min: null, max: null, matched: isObject(metric) ? numberOr(metric.doc_count, 0) : 0 };
    if (measure.kind === 'count' || !isObject(metric)) return { group, count, numbers: 0, sum: 0, min: null, max: null, matched: 0 };
    return {
      group,
      count,
      numbers: numberOr(metric.count, 0),
      sum: numberOr(metric.sum, 0),
      min: numberOr(metric.min, null),
      max: numberOr(metric.max, null),
      matched: 0,
    };
  };
  const walk = (bucket: Json, level: number, group: Record<string, string>, into: GroupPartial[]): void => {
    if (level === groupBy.length) {
      into.push(leaf(bucket, group));
      return;
    }
    const terms = bucket[groupName(level)];
    if (isObject(terms) && numberOr(terms.sum_other_doc_count, 0) > 0) cut = true;
    for (const child of bucketsOf(terms)) walk(child, level + 1, { ...group, [groupBy[level] as string]: keyText(child) }, into);
  };
  for (const bucket of bucketsOf(aggregations?.[BUCKETS])) {
    const groups: GroupPartial[] = [];
    walk(bucket, 0, {}, groups);
    out.push({ startMs: numberOr(bucket.key, 0), groups });
  }
  return cut ? undefined : out;
}
