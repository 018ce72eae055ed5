import { DslError } from './dsl-error.js';
import type { JsonObject } from './json-reader.js';
import { child } from './json-reader.js';
import type { ParseOptions } from './parse-options.js';

/**
 * Logz.io's /v1/search restrictions (reference/api-reference.md §2.6) with its 400 message texts. Each check is a
 * no-op in the `elasticsearch` profile: the ES-compatible API has Elasticsearch's semantics.
 */

const WIRE_CODE = 'SEARCH/RESTRICTED';

/** Body elements /v1/search accepts at top level (SPEC.md "Search"). */
export const LOGZIO_TOP_LEVEL = new Set([
  'query',
  'from',
  'size',
  'sort',
  '_source',
  'post_filter',
  'docvalue_fields',
  'version',
  'stored_fields',
  'highlight',
  'aggregations',
  'aggs',
  'dayOffset',
  'accountIds',
]);

const EXPANSION_KEYS = ['max_expansions', 'fuzzy_max_expansions', 'max_determinized_states'] as const;

/** Fields Logz.io analyses: sorting or aggregating on them is refused. */
const ANALYZED_FIELDS = new Set(['message']);

export function notAllowedElements(names: readonly string[]): DslError {
  return new DslError(names[0] ?? '', `Found JSON elements which are not allowed [${names.join(', ')}]`, WIRE_CODE);
}

export function checkTopLevel(body: JsonObject, options: ParseOptions): void {
  if (options.profile !== 'logzio') return;
  const unknown = Object.keys(body).filter((key) => !LOGZIO_TOP_LEVEL.has(key));
  if (unknown.length > 0) throw notAllowedElements(unknown);
}

/** No `max_expansions`, `fuzzy_max_expansions` or `max_determinized_states` anywhere in a query. */
export function checkExpansionKeys(clause: JsonObject, path: string, options: ParseOptions): void {
  if (options.profile !== 'logzio') return;
  const found = EXPANSION_KEYS.filter((key) => clause[key] !== undefined).map((key) => child(path, key));
  if (found.length > 0) throw notAllowedElements(found);
}

export function checkAllowLeadingWildcard(allowed: boolean, path: string, options: ParseOptions): void {
  if (options.profile === 'logzio' && allowed) {
    throw new DslError(path, `[${path}] query_string.allow_leading_wildcard not allowed to be true`, WIRE_CODE);
  }
}

export function checkWildcardQuery(pattern: string, path: string, options: ParseOptions): void {
  if (options.profile === 'logzio' && (pattern.startsWith('*') || pattern.startsWith('?'))) {
    throw new DslError(path, `[${path}] 'wildcard' queries are not allowed to start with '*' or '?'`, WIRE_CODE);
  }
}

/** A leading `*`/`?` inside a query string (Logz.io always runs with allow_leading_wildcard false). */
export function leadingWildcardInQueryString(term: string, path: string): DslError {
  return new DslError(path, `[${path}] contains a wildcard search with leading wildcard which is not allowed [${term}]`, WIRE_CODE);
}

export function queryStringSyntaxError(detail: string, path: string, options: ParseOptions): DslError {
  if (options.profile === 'logzio') {
    return new DslError(path, `Query syntax (in 'query' field) is invalid: [${detail}]`, 'SEARCH/INVALID_QUERY_SYNTAX');
  }
  return new DslError(path, `Failed to parse query [${detail}] at ${path}`, 'SEARCH/INVALID_QUERY_SYNTAX');
}

/** Logz.io's "can't be executed" refusal (sort/aggregation on an analysed field, sizes over its limits). */
export function cannotBeExecuted(reason: string, path: string): DslError {
  return new DslError(path, `This search can't be executed: [${reason}]. Please contact customer support for more details`, WIRE_CODE);
}

export function checkNotAnalyzedField(field: string, use: 'sort' | 'aggregate', path: string, options: ParseOptions): void {
  if (options.profile === 'logzio' && ANALYZED_FIELDS.has(field)) {
    throw cannotBeExecuted(`can't ${use} on the analyzed field ${field} (${path})`, path);
  }
}
