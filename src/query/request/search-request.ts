import type { DocvalueField, QueryAst, SearchRequest, TermValue } from '../ast.js';
import { durationMs } from '../aggregations/intervals.js';
import { DslError, dslError } from '../dsl/dsl-error.js';
import { parseHighlight } from '../dsl/highlight.js';
import {
  arrayOrSingle,
  child,
  describe,
  expectArray,
  expectObject,
  isObject,
  optional,
  readBoolean,
  readInteger,
  readScalar,
  readString,
  type JsonObject,
} from '../dsl/json-reader.js';
import { checkTopLevel } from '../dsl/logzio-restrictions.js';
import type { ParseOptions } from '../dsl/parse-options.js';
import { parseAggregations } from './parse-aggregations.js';
import { parseQuery } from './parse-query.js';
import { parseSort } from '../dsl/sort.js';
import { parseSourceFilter } from '../dsl/source-filter.js';

/** ES's index.max_result_window and Logz.io's size cap. */
export const MAX_RESULT_WINDOW = 10_000;
export const DEFAULT_SIZE = 10;
/** ES 7+ counts hits exactly up to this many unless track_total_hits says otherwise. */
const ES_DEFAULT_TRACK_TOTAL_HITS = 10_000;

/** Body keys the ES-compatible API accepts and ignores, as a single-node cluster may. */
const IGNORED_ES_KEYS = new Set([
  'explain',
  'seq_no_primary_term',
  'profile',
  'stats',
  'indices_boost',
  'ext',
  'allow_partial_search_results',
]);
/** ES body keys Logward refuses with a clear 400 rather than answering differently from ES. */
const UNSUPPORTED_ES_KEYS = new Set([
  'script_fields',
  'collapse',
  'rescore',
  'suggest',
  'pit',
  'runtime_mappings',
  'knn',
  'min_score',
  'slice',
  'retriever',
  'rank',
]);
const KNOWN_KEYS = new Set([
  'query',
  'from',
  'size',
  'sort',
  '_source',
  'post_filter',
  'docvalue_fields',
  'fields',
  'version',
  'stored_fields',
  'highlight',
  'aggregations',
  'aggs',
  'track_total_hits',
  'track_scores',
  'search_after',
  'timeout',
  'terminate_after',
  'dayOffset',
  'accountIds',
]);

function isEmpty(value: unknown): boolean {
  return (isObject(value) && Object.keys(value).length === 0) || (Array.isArray(value) && value.length === 0);
}

function checkKeys(body: JsonObject, options: ParseOptions): void {
  checkTopLevel(body, options);
  for (const key of Object.keys(body)) {
    if (UNSUPPORTED_ES_KEYS.has(key)) {
      // Kibana and Grafana send `script_fields: {}` / `runtime_mappings: {}` with every search: empty is harmless.
      if (isEmpty(body[key])) continue;
      throw dslError(key, `[${key}] is not supported`);
    }
    if (KNOWN_KEYS.has(key) || IGNORED_ES_KEYS.has(key)) continue;
    // ES's own wording for an unknown search-body key.
    const type = isObject(body[key]) ? 'START_OBJECT' : Array.isArray(body[key]) ? 'START_ARRAY' : 'VALUE';
    throw new DslError(key, `Unknown key for a ${type} in [${key}].`);
  }
  if (options.profile === 'elasticsearch') {
    for (const key of ['dayOffset', 'accountIds'])
      if (body[key] !== undefined) throw new DslError(key, `Unknown key for a VALUE in [${key}].`);
  }
}

function resultWindowError(from: number, size: number, options: ParseOptions): DslError {
  const reason = `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]. See the scroll api for a more efficient way to request large data sets.`;
  if (options.profile === 'logzio')
    return new DslError('size', `Query has failed. Elasticsearch Response: [${reason}]`, 'SEARCH/RESTRICTED');
  return new DslError('size', reason);
}

function readDocvalueFields(value: unknown, path: string): DocvalueField[] {
  return expectArray(value, path).map((entry, index) => {
    const at = child(path, index);
    if (typeof entry === 'string') return { field: entry, format: null };
    const object = expectObject(entry, at);
    for (const key of Object.keys(object))
      if (key !== 'field' && key !== 'format' && key !== 'include_unmapped') throw dslError(at, `unknown key "${key}"`);
    return { field: readString(object.field, child(at, 'field')), format: optional(object, 'format', at, readString) ?? null };
  });
}

function readTrackTotalHits(value: unknown, path: string): boolean | number {
  if (typeof value === 'boolean') return value;
  return readInteger(value, path, -1);
}

function readTimeout(value: unknown, path: string): number {
  if (typeof value === 'number' && value >= 0) return value;
  const ms = typeof value === 'string' ? durationMs(value) : null;
  if (ms === null) throw dslError(path, `invalid timeout ${describe(value)}`);
  return ms;
}

function readAccountIds(value: unknown, path: string): number[] {
  return arrayOrSingle(value).map((id, index) => readInteger(id, Array.isArray(value) ? child(path, index) : path, 1, 2_147_483_647));
}

function readSearchAfter(value: unknown, path: string): (TermValue | null)[] {
  return expectArray(value, path).map((entry, index) => (entry === null ? null : readScalar(entry, child(path, index))));
}

/**
 * A whole search body → SearchRequest. `logzio` profile: /v1/search (query required, Logz.io's restrictions and
 * messages); `elasticsearch` profile: the ES-compatible read API (query optional, defaults to match_all).
 */
export function parseSearchRequest(body: unknown, options: ParseOptions): SearchRequest {
  const object = body === undefined || body === null ? {} : expectObject(body, 'body');
  checkKeys(object, options);
  if (object.query === undefined && options.profile === 'logzio') throw dslError('query', 'query is required');
  const query: QueryAst = object.query === undefined ? { kind: 'match_all', boost: 1 } : parseQuery(object.query, options, 'query');
  const from = optional(object, 'from', '', (value, at) => readInteger(value, at, 0)) ?? 0;
  const size = optional(object, 'size', '', (value, at) => readInteger(value, at, 0)) ?? DEFAULT_SIZE;
  if (from + size > MAX_RESULT_WINDOW) throw resultWindowError(from, size, options);
  if (object.aggs !== undefined && object.aggregations !== undefined) throw dslError('aggs', 'use either aggs or aggregations, not both');
  const aggsKey = object.aggs !== undefined ? 'aggs' : 'aggregations';
  const storedFields =
    object.stored_fields === undefined
      ? null
      : arrayOrSingle(object.stored_fields).map((field, index) => readString(field, child('stored_fields', index)));
  return {
    query,
    from,
    size,
    sort: object.sort === undefined ? [] : parseSort(object.sort, 'sort', options),
    source: parseSourceFilter(object._source, '_source'),
    postFilter: object.post_filter === undefined ? null : parseQuery(object.post_filter, options, 'post_filter'),
    docvalueFields: [
      ...(object.docvalue_fields === undefined ? [] : readDocvalueFields(object.docvalue_fields, 'docvalue_fields')),
      ...(object.fields === undefined ? [] : readDocvalueFields(object.fields, 'fields')),
    ],
    storedFields,
    version: optional(object, 'version', '', readBoolean) ?? false,
    highlight:
      object.highlight === undefined
        ? null
        : parseHighlight(object.highlight, 'highlight', (json, path) => parseQuery(json, options, path)),
    aggregations: object[aggsKey] === undefined ? [] : parseAggregations(object[aggsKey], options, aggsKey),
    // Logz.io answers hits.total as an exact number.
    trackTotalHits:
      optional(object, 'track_total_hits', '', readTrackTotalHits) ?? (options.profile === 'logzio' ? true : ES_DEFAULT_TRACK_TOTAL_HITS),
    searchAfter: object.search_after === undefined ? null : readSearchAfter(object.search_after, 'search_after'),
    timeoutMs: optional(object, 'timeout', '', readTimeout) ?? null,
    terminateAfter: optional(object, 'terminate_after', '', (value, at) => readInteger(value, at, 0)) ?? null,
    trackScores: optional(object, 'track_scores', '', readBoolean) ?? false,
    dayOffset: optional(object, 'dayOffset', '', (value, at) => readInteger(value, at, 0)) ?? null,
    accountIds: object.accountIds === undefined ? null : readAccountIds(object.accountIds, 'accountIds'),
  };
}
