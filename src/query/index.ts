/**
 * The public door of src/query: Elasticsearch search requests (DSL, Lucene query_string, aggregations) → the
 * backend-neutral AST of ./ast.ts, and the one text analyzer. Pure: no I/O, no clock (`now` is a parameter).
 */
import type { AnalyzedToken, MinimumShouldMatch, NamedAggregation, QueryAst, SearchProfile, SearchRequest } from './ast.js';

export type * from './ast.js';

export interface ParseOptions {
  /** Epoch ms that `now` means in date math (`now-5m`, `now/d`). */
  readonly now: number;
  /** `logzio`: /v1/search restrictions and messages; `elasticsearch`: the ES-compatible read API. */
  readonly profile: SearchProfile;
}

/** Options of a bare Lucene query (`?q=` of `_search`, `query_string` defaults). */
export interface LuceneQueryOptions extends ParseOptions {
  /** `df`: field of terms without a field; `*` (all fields) by default. */
  readonly defaultField?: string;
  readonly defaultOperator?: 'or' | 'and';
  readonly analyzeWildcard?: boolean;
  readonly lenient?: boolean;
}

/** Whole search body → SearchRequest. Throws DslError (an AppError invalid_argument with parameters.path). */
export type ParseSearchRequest = (body: unknown, options: ParseOptions) => SearchRequest;
/** One query clause at `path` (default `query`) → QueryAst. */
export type ParseQuery = (json: unknown, options: ParseOptions, path?: string) => QueryAst;
/** The `aggs`/`aggregations` object at `path` → named aggregations, nested to any depth. */
export type ParseAggregations = (json: unknown, options: ParseOptions, path?: string) => NamedAggregation[];
/** A Lucene query string (`q=` parameter) → QueryAst. */
export type ParseLuceneQuery = (query: string, options: LuceneQueryOptions) => QueryAst;
/** Elasticsearch standard analyzer: UAX#29 word boundaries, lower-case, positions. */
export type Analyze = (text: string) => AnalyzedToken[];
/** ClickHouse `splitByNonAlpha` sub-tokens of one analysed term: a pre-filter only, the analyzer decides. */
export type EngineTokens = (term: string) => string[];
/** `minimum_should_match` against a count of optional clauses → the number required. */
export type ResolveMinimumShouldMatch = (spec: MinimumShouldMatch, optionalClauses: number) => number;
