import { api } from './api.js';
import { intervalFor, resolveTime, windowFor } from './time.js';

export const TIMESTAMP = '@timestamp';
export const HIGHLIGHT_PRE = '\u0001hl\u0002';
export const HIGHLIGHT_POST = '\u0001/hl\u0002';

export interface Hit {
  readonly _id: string;
  readonly _source: Record<string, unknown>;
  readonly highlight?: Readonly<Record<string, readonly string[]>>;
}

export interface SearchResponse {
  readonly hits: { readonly total: number; readonly hits: readonly Hit[] };
  readonly aggregations?: Readonly<Record<string, unknown>>;
}

export interface Bucket {
  readonly key: number | string;
  readonly key_as_string?: string;
  readonly doc_count: number;
  readonly [name: string]: unknown;
}

/** What a view searches: the query text and the time range as typed (relative or absolute). */
export interface SearchState {
  readonly query: string;
  readonly from: string;
  readonly to: string;
}

export interface ResolvedRange {
  readonly fromMs: number;
  readonly toMs: number;
  readonly dayOffset: number;
  /** The range starts before the 2-day window searched; the earlier part is left out. */
  readonly clipped: boolean;
  readonly windowStart: number;
}

export function resolveRange(state: SearchState, now = Date.now()): ResolvedRange | undefined {
  const fromMs = resolveTime(state.from, now);
  const toMs = resolveTime(state.to, now);
  if (fromMs === undefined || toMs === undefined || fromMs >= toMs) return undefined;
  const window = windowFor(fromMs, toMs, now);
  return {
    fromMs: Math.max(fromMs, window.windowStart),
    toMs,
    dayOffset: window.dayOffset,
    clipped: window.clipped,
    windowStart: window.windowStart,
  };
}

/** The query_string (match-all when empty) and the time range, as one bool filter. */
export function queryOf(text: string, range: ResolvedRange, extra: readonly unknown[] = []): Record<string, unknown> {
  const must: unknown[] = [];
  if (text.trim() !== '') must.push({ query_string: { query: text, default_operator: 'AND', analyze_wildcard: true } });
  return {
    bool: {
      must,
      filter: [{ range: { [TIMESTAMP]: { gte: range.fromMs, lt: range.toMs, format: 'epoch_millis' } } }, ...extra],
    },
  };
}

export function histogramAgg(range: ResolvedRange): { agg: Record<string, unknown>; intervalMs: number } {
  const interval = intervalFor(range.toMs - range.fromMs);
  return {
    intervalMs: interval.ms,
    agg: {
      date_histogram: {
        field: TIMESTAMP,
        fixed_interval: interval.text,
        min_doc_count: 0,
        extended_bounds: { min: range.fromMs, max: range.toMs - 1 },
      },
    },
  };
}

export function search(body: Record<string, unknown>, range: ResolvedRange, signal?: AbortSignal): Promise<SearchResponse> {
  const path = range.dayOffset > 0 ? `/v1/search?dayOffset=${range.dayOffset}` : '/v1/search';
  return api<SearchResponse>('POST', path, body, signal);
}

/** The position a query error names (`… at position 7`), for the query bar to mark. */
export function errorPosition(message: string, query: string): number | undefined {
  const match = /position (\d+)/.exec(message);
  if (match !== null) return Number(match[1]);
  return /end of (the )?query|unexpected end/i.test(message) ? query.length : undefined;
}

export interface FieldInfo {
  readonly name: string;
  readonly type: string;
}

/** Field names of the account's logs (field caps), for completion and the sidebar. */
export async function loadFields(): Promise<FieldInfo[]> {
  const caps = await api<{ fields: Record<string, Record<string, unknown>> }>('GET', '/v1/elasticsearch/_field_caps?fields=*');
  return Object.entries(caps.fields)
    .filter(([name]) => !name.startsWith('_'))
    .map(([name, types]) => ({ name, type: Object.keys(types)[0] ?? 'keyword' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A value of a (possibly dotted) field of a log, as flattened keys or nested objects. */
export function fieldValue(source: Record<string, unknown>, field: string): unknown {
  if (field in source) return source[field];
  let value: unknown = source;
  for (const part of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function flatten(source: Record<string, unknown>, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(source)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) out.push(...flatten(value as Record<string, unknown>, name));
    else out.push([name, value]);
  }
  return out.sort(([a], [b]) => a.localeCompare(b));
}

export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Quotes a value for query_string (`field:"va\"lue"`). */
export function quoted(value: unknown): string {
  return `"${displayValue(value).replace(/["\\]/g, '\\$&')}"`;
}

/** Adds `field:"value"` (or its negation) to a query. */
export function withFilter(query: string, field: string, value: unknown, negate: boolean): string {
  const clause = `${negate ? 'NOT ' : ''}${field}:${quoted(value)}`;
  return query.trim() === '' ? clause : `(${query.trim()}) AND ${clause}`;
}
