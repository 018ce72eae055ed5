/** What Discover asks the server beyond a page of logs: field presence and statistics, surrounding logs, patterns. */
import { api } from '../api.js';
import {
  aggregatableName,
  NUMERIC_TYPES,
  newSearchId,
  queryOf,
  search,
  TIMESTAMP,
  type Bucket,
  type FieldInfo,
  type Hit,
  type ResolvedRange,
} from '../search.js';

export interface DiscoverSettings {
  readonly retentionDays: number;
  readonly oldest: string;
  readonly exportMaxRows: number;
}

export function loadSettings(): Promise<DiscoverSettings> {
  return api<DiscoverSettings>('GET', '/v1/app/discover');
}

/**
 * Fields of the catalog that hold a value in at least one matching log of the range. The logs the page already holds
 * answer for the fields they show; the store is asked (one count per field, in one search) only about the others:
 * every field tested is one more lookup in each matching log's values, so the common fields were most of the cost
 * of a statement that could take seconds beside the user's next search.
 */
export async function presentFields(
  fields: readonly FieldInfo[],
  query: string,
  range: ResolvedRange,
  signal: AbortSignal,
  /** Matching logs of the range already loaded (their fields are present without asking). */
  shown: readonly Hit[] = [],
): Promise<ReadonlySet<string>> {
  const seen = new Set<string>();
  for (const hit of shown) {
    const at = hit._source[TIMESTAMP];
    const ms = typeof at === 'number' ? at : Date.parse(String(at));
    if (ms >= range.fromMs && ms < range.toMs) fieldsWithValues(hit._source, '', seen);
  }
  const present = new Set(fields.filter((field) => seen.has(field.name)).map((field) => field.name));
  const asked = fields.filter((field) => !present.has(field.name));
  if (asked.length === 0) return present;
  const filters = Object.fromEntries(asked.map((field, i) => [String(i), { exists: { field: field.name } }]));
  const response = await search(
    { query: queryOf(query, range), size: 0, track_total_hits: false, aggs: { present: { filters: { filters } } } },
    range,
    signal,
  );
  const buckets = (response.aggregations?.present as { buckets?: Record<string, { doc_count: number }> } | undefined)?.buckets ?? {};
  asked.forEach((field, i) => {
    if ((buckets[String(i)]?.doc_count ?? 0) > 0) present.add(field.name);
  });
  return present;
}

/** Dotted names of a log's fields holding a value as `exists` sees one: not null, not an empty array. */
export function fieldsWithValues(value: unknown, prefix: string, into: Set<string>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const one of value) fieldsWithValues(one, prefix, into);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>))
      fieldsWithValues(inner, prefix === '' ? key : `${prefix}.${key}`, into);
    return;
  }
  if (prefix !== '') into.add(prefix);
}

export interface TopValue {
  readonly value: unknown;
  /** Share of the sampled logs holding the field that have this value (Kibana's percentages). */
  readonly samplePercent: number;
  /** Matching logs of the whole range with this value (exact), where the field can be counted. */
  readonly count?: number | undefined;
}

export interface FieldStats {
  readonly field: string;
  /** Matching logs of the range, and how many of them hold the field (both exact). */
  readonly total: number;
  readonly exists: number;
  readonly sampleSize: number;
  readonly top: readonly TopValue[];
  readonly numbers?: {
    readonly min: number;
    readonly max: number;
    readonly avg: number;
    readonly buckets: readonly { key: number; count: number }[];
  };
}

const SAMPLE = 500;
const TOP = 5;
const DISTRIBUTION_BUCKETS = 20;

function valueOf(source: Record<string, unknown>, field: string): unknown {
  if (field in source) return source[field];
  let value: unknown = source;
  for (const part of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Kibana-style statistics of one field over the matching logs: top values with their share of a sample of the
 * newest 500 and their exact count over the range, how many logs hold it, min/max/average and a distribution for
 * numbers. Three requests at once; a fourth after them for a number's distribution (its buckets need min and max),
 * and one for the logs holding a field seen in arrays.
 */
export async function fieldStats(
  field: FieldInfo,
  query: string,
  range: ResolvedRange,
  signal: AbortSignal,
  /** An id for each request, so the page can cancel them by id. */
  nextId: () => string = newSearchId,
): Promise<FieldStats> {
  const counted = aggregatableName(field);
  const numeric = NUMERIC_TYPES.has(field.type);
  // The total, how many values the field holds and a number's min/max/average are metrics the store computes in
  // one pass over the matching logs; the top values are a pass of their own, asked for apart so both run at once
  // (in one search the metrics pass ran first and the buckets after it, and an `exists` filter was a third pass).
  const metrics: Record<string, unknown> = {};
  if (counted !== undefined) metrics.values = { value_count: { field: counted } };
  if (numeric) metrics.stats = { stats: { field: field.name } };
  const [summary, topAnswer, sample, textExists] = await Promise.all([
    search({ query: queryOf(query, range), size: 0, track_total_hits: true, aggs: metrics }, range, signal, nextId()),
    counted === undefined
      ? undefined
      : search(
          { query: queryOf(query, range), size: 0, track_total_hits: false, aggs: { top: { terms: { field: counted, size: TOP } } } },
          range,
          signal,
          nextId(),
        ),
    search(
      {
        query: queryOf(query, range, [{ exists: { field: field.name } }]),
        size: SAMPLE,
        _source: [field.name],
        sort: [{ [TIMESTAMP]: { order: 'desc' } }],
        track_total_hits: false,
      },
      range,
      signal,
      nextId(),
    ),
    // A text field without a keyword form has no value count: its logs are counted at once, beside the rest.
    counted === undefined ? existsCount(field, query, range, signal, nextId()) : undefined,
  ]);
  const counts = new Map<string, { value: unknown; n: number }>();
  for (const hit of sample.hits.hits as readonly Hit[]) {
    const value = valueOf(hit._source, field.name);
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      const key = JSON.stringify(one);
      counts.set(key, { value: one, n: (counts.get(key)?.n ?? 0) + 1 });
    }
  }
  const sampleSize = sample.hits.hits.length;
  const exact = new Map(
    ((topAnswer?.aggregations?.top as { buckets?: Bucket[] } | undefined)?.buckets ?? []).map((bucket) => [
      JSON.stringify(bucket.key_as_string ?? bucket.key),
      bucket.doc_count,
    ]),
  );
  const top = [...counts.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, TOP)
    .map((entry) => ({
      value: entry.value,
      samplePercent: sampleSize === 0 ? 0 : (entry.n / sampleSize) * 100,
      count: exact.get(JSON.stringify(entry.value)) ?? exact.get(JSON.stringify(String(entry.value))),
    }));
  // A value count is the logs holding the field while each holds one value; a field seen holding arrays (or one
  // with no aggregatable form) is counted exactly with an `exists` filter, a pass of its own.
  const valueCount = (summary.aggregations?.values as { value?: number | null } | undefined)?.value;
  const arrays = (sample.hits.hits as readonly Hit[]).some((hit) => Array.isArray(valueOf(hit._source, field.name)));
  const exists =
    textExists ?? (typeof valueCount === 'number' && !arrays ? valueCount : await existsCount(field, query, range, signal, nextId()));
  const stats = summary.aggregations?.stats as { min?: number | null; max?: number | null; avg?: number | null } | undefined;
  let numbers: FieldStats['numbers'];
  if (numeric && typeof stats?.min === 'number' && typeof stats.max === 'number') {
    const width = Math.max(1e-9, (stats.max - stats.min) / DISTRIBUTION_BUCKETS);
    const interval = Number.isInteger(stats.min) && Number.isInteger(stats.max) ? Math.max(1, Math.ceil(width)) : width;
    const distribution = await search(
      {
        query: queryOf(query, range),
        size: 0,
        track_total_hits: false,
        aggs: { d: { histogram: { field: field.name, interval, min_doc_count: 0 } } },
      },
      range,
      signal,
      nextId(),
    );
    numbers = {
      min: stats.min,
      max: stats.max,
      avg: stats.avg ?? 0,
      buckets: ((distribution.aggregations?.d as { buckets?: Bucket[] } | undefined)?.buckets ?? []).map((bucket) => ({
        key: Number(bucket.key),
        count: bucket.doc_count,
      })),
    };
  }
  return {
    field: field.name,
    total: summary.hits.total ?? 0,
    exists,
    sampleSize,
    top,
    ...(numbers === undefined ? {} : { numbers }),
  };
}

/** Matching logs of the range that hold the field. */
async function existsCount(field: FieldInfo, query: string, range: ResolvedRange, signal: AbortSignal, id: string): Promise<number> {
  const answer = await search(
    { query: queryOf(query, range, [{ exists: { field: field.name } }]), size: 0, track_total_hits: true },
    range,
    signal,
    id,
  );
  return answer.hits.total ?? 0;
}

/** Top values of a field in the range, for the query bar's value suggestions. */
export async function topValues(field: FieldInfo | undefined, query: string, range: ResolvedRange | undefined): Promise<readonly string[]> {
  if (field === undefined || range === undefined) return [];
  const counted = aggregatableName(field);
  if (counted === undefined) return [];
  const response = await search(
    { query: queryOf(query, range), size: 0, track_total_hits: false, aggs: { top: { terms: { field: counted, size: 10 } } } },
    range,
  );
  return ((response.aggregations?.top as { buckets?: Bucket[] } | undefined)?.buckets ?? []).map((bucket) =>
    String(bucket.key_as_string ?? bucket.key),
  );
}

export interface Surrounding {
  readonly anchor: Hit;
  readonly older: readonly Hit[];
  readonly newer: readonly Hit[];
  readonly olderComplete: boolean;
  readonly newerComplete: boolean;
}

export function loadSurrounding(
  anchor: Hit,
  older: number,
  newer: number,
  sameAs: Readonly<Record<string, unknown>>,
  signal?: AbortSignal,
): Promise<Surrounding> {
  const value = anchor._source[TIMESTAMP];
  const timestampMs = typeof value === 'number' ? value : Date.parse(String(value));
  return api<Surrounding>('POST', '/v1/app/surrounding', { anchor: { id: anchor._id, timestampMs }, older, newer, sameAs }, signal);
}

export interface Pattern {
  readonly template: string;
  readonly query: string;
  readonly sampleCount: number;
  readonly count: number;
  readonly sparkline: readonly number[];
}

export interface Patterns {
  readonly sampled: number;
  readonly total: number;
  readonly patterns: readonly Pattern[];
}

export function loadPatterns(query: string, range: ResolvedRange, signal?: AbortSignal): Promise<Patterns> {
  return api<Patterns>('POST', '/v1/app/patterns', { from: range.fromMs, to: range.toMs, query }, signal);
}

/** The CSV export of the current view: a plain link, so the browser streams it to a file. */
export function exportUrl(
  query: string,
  range: ResolvedRange,
  columns: readonly string[],
  sort: string | undefined,
  searchId?: string,
): string {
  const params = new URLSearchParams({ from: String(range.fromMs), to: String(range.toMs), q: query, cols: columns.join(',') });
  if (searchId !== undefined) params.set('searchId', searchId);
  if (sort !== undefined) params.set('sort', sort);
  return `/v1/app/export?${params.toString()}`;
}
