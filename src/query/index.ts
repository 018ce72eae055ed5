/**
 * The public door of src/query: Elasticsearch search requests (DSL, Lucene query_string, aggregations) → the
 * backend-neutral AST of ./ast.ts, and the one text analyzer. Pure: no I/O, no clock (`now` is a parameter).
 * Every parse error is a DslError: an AppError `invalid_argument` whose `parameters.path` names the JSON path.
 */
export type * from './ast.js';
export type { LuceneQueryOptions, ParseOptions } from './dsl/parse-options.js';

/** Whole search body → SearchRequest (`logzio` or `elasticsearch` profile). */
export { parseSearchRequest, DEFAULT_SIZE, MAX_RESULT_WINDOW } from './request/search-request.js';
/** One query clause at `path` (default `query`) → QueryAst. */
export { parseQuery } from './request/parse-query.js';
/** The `aggs`/`aggregations` object at `path` → named aggregations, nested to any depth. */
export { parseAggregations } from './request/parse-aggregations.js';
/** A Lucene query string (`q=` parameter, with `df`, `default_operator`, `lenient`) → QueryAst. */
export { parseLuceneQuery } from './clauses/query-string.js';
/** Lookup lists inside a query: fill in their members before the store compiles it (decision 0451). */
export { hasLookups, lookupReferences, resolveAggregationLookups, resolveLookups } from './request/resolve-lookups.js';
/** `sort` and `_source` in all their ES forms (also for URL parameters the caller turns into JSON). */
export { parseSort } from './dsl/sort.js';
export { parseSourceFilter } from './dsl/source-filter.js';
export { DslError } from './dsl/dsl-error.js';
/** Elasticsearch standard analyzer (index and query time) and how the engine's asciiCJK text index sees its tokens. */
export { analyze, analyzeTerms, analyzeWith } from './text/analyzer.js';
export { indexTokens, isIndexExactText } from './text/index-tokens.js';
/** `minimum_should_match` resolution and bool's ES default. */
export { effectiveMinimumShouldMatch, resolveMinimumShouldMatch } from './dsl/minimum-should-match.js';
/** Edit distance a fuzziness allows for a term length (AUTO:3,6 by default). */
export { editsFor } from './dsl/fuzziness.js';
/** Date math and dates in ES formats, resolved against a given `now` (for date_histogram keys, `q=` ranges…). */
export { resolveDateMath } from './time/date-math.js';
export { parseDate, DEFAULT_DATE_FORMAT } from './time/date-format.js';
/** Dates printed as ES prints `key_as_string`/`value_as_string` for a `format` and `time_zone`. */
export { formatDate } from './time/date-print.js';
export { offsetMsAt } from './time/time-zone.js';
/** The maximum terms-aggregation size. */
export { MAX_TERMS_SIZE, termsAggregation } from './aggregations/terms.js';
