import { api } from './api.js';
import { resolveTime } from './time.js';

export const TIMESTAMP = '@timestamp';
export const HIGHLIGHT_PRE = '\u0001hl\u0002';
export const HIGHLIGHT_POST = '\u0001/hl\u0002';

export interface Hit {
  readonly _id: string;
  readonly _source: Record<string, unknown>;
  readonly highlight?: Readonly<Record<string, readonly string[]>>;
}

export interface SearchResponse {
  /** `total` is undefined when the search did not count (`track_total_hits: false`). */
  readonly hits: { readonly total: number | undefined; readonly hits: readonly Hit[] };
  readonly aggregations?: Readonly<Record<string, unknown>>;
}

interface AppSearchAnswer {
  readonly hits: { readonly total?: { readonly value: number }; readonly hits: readonly Hit[] };
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
}

/** The range in epoch ms, or undefined when a bound is not a time or the range is empty. */
export function resolveRange(state: Pick<SearchState, 'from' | 'to'>, now = Date.now()): ResolvedRange | undefined {
  const fromMs = resolveTime(state.from, now);
  const toMs = resolveTime(state.to, now);
  if (fromMs === undefined || toMs === undefined || fromMs >= toMs) return undefined;
  return { fromMs, toMs };
}

// The query and histogram of a range are the visualization model's (shared with the server's snapshots).
export { histogramAgg, queryOf } from '../../src/vis-model/index.js';

/**
 * Searches the range (any range the account retains, through the web app's own route, decision 0650). Aborting
 * `signal` drops the request, which stops the search in the engine; `searchId` lets `cancelSearches` stop it too.
 */
export async function search(
  body: Record<string, unknown>,
  range: ResolvedRange,
  signal?: AbortSignal,
  searchId?: string,
): Promise<SearchResponse> {
  const answer = await api<AppSearchAnswer>(
    'POST',
    '/v1/app/search',
    { from: range.fromMs, to: range.toMs, search: body, searchId },
    signal,
  );
  return {
    hits: { total: answer.hits.total?.value, hits: answer.hits.hits },
    ...(answer.aggregations === undefined ? {} : { aggregations: answer.aggregations }),
  };
}

/** Stops searches of this session by the ids they were started with (the engine frees their slots). */
export function cancelSearches(searchIds: readonly string[]): Promise<unknown> {
  return api('POST', '/v1/app/search/cancel', { searchIds }).catch(() => undefined);
}

let searchCounter = 0;
export function newSearchId(): string {
  searchCounter += 1;
  return `${Date.now().toString(36)}-${searchCounter}-${Math.random().toString(36).slice(2, 8)}`;
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
  /** A text field with a `.keyword` twin (ES dynamic mapping): sorted, counted and matched whole through it. */
  readonly keyword?: string;
}

export const NUMERIC_TYPES = new Set(['long', 'integer', 'short', 'byte', 'double', 'float', 'scaled_float', 'half_float']);
const AGGREGATABLE_TYPES = new Set([...NUMERIC_TYPES, 'keyword', 'boolean', 'date', 'ip']);

/** The form of a field that sorts and aggregates: itself, its keyword twin, or none (a text field without one). */
export function aggregatableName(field: FieldInfo): string | undefined {
  if (AGGREGATABLE_TYPES.has(field.type)) return field.name;
  return field.keyword;
}

/**
 * Fields of the account's logs (field caps), for completion and the sidebar: one entry per field, a text field's
 * `.keyword` twin folded into it (people search `host`, the app counts through `host.keyword`).
 */
export async function loadFields(): Promise<FieldInfo[]> {
  const caps = await api<{ fields: Record<string, Record<string, unknown>> }>('GET', '/v1/elasticsearch/_field_caps?fields=*');
  const all = new Map(Object.entries(caps.fields).map(([name, types]) => [name, Object.keys(types)[0] ?? 'keyword']));
  const out: FieldInfo[] = [];
  for (const [name, type] of all) {
    if (name.startsWith('_')) continue;
    if (name.endsWith('.keyword') && all.has(name.slice(0, -'.keyword'.length))) continue;
    const twin = `${name}.keyword`;
    out.push(all.has(twin) && type === 'text' ? { name, type, keyword: twin } : { name, type });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
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
