import type { QueryAst, SearchProfile } from '../ast.js';

export interface ParseOptions {
  /** Epoch ms that `now` means in date math (`now-5m`, `now/d`). */
  readonly now: number;
  /** `logzio`: /v1/search restrictions and messages; `elasticsearch`: the ES-compatible read API. */
  readonly profile: SearchProfile;
}

/** Options of a bare Lucene query (`?q=` of `_search`, and what query_string passes to its parser). */
export interface LuceneQueryOptions extends ParseOptions {
  /** `df`: field of terms without a field; `*` (all fields) by default. */
  readonly defaultField?: string;
  readonly defaultOperator?: 'or' | 'and';
  readonly analyzeWildcard?: boolean;
  readonly lenient?: boolean;
}

/** What every clause parser receives besides its JSON: the options and a way to parse nested clauses. */
export interface ClauseContext {
  readonly options: ParseOptions;
  /** Parses a nested query clause found at `path`. */
  parseQuery(json: unknown, path: string): QueryAst;
}
