import type { NamedAggregation } from './aggregation-ast.js';
import type { DocvalueField, HighlightSpec, SortClause, SourceFilter } from './hits-ast.js';
import type { QueryAst, TermValue } from './query-ast.js';

/** A whole parsed search request. */

export type SearchProfile = 'logzio' | 'elasticsearch';

export interface SearchRequest {
  /** match_all when the body has none (ES `_search`); /v1/search requires one. */
  readonly query: QueryAst;
  readonly from: number;
  readonly size: number;
  readonly sort: readonly SortClause[];
  readonly source: SourceFilter;
  readonly postFilter: QueryAst | null;
  readonly docvalueFields: readonly DocvalueField[];
  /** null: absent (ES returns `_source`); `[]`/`_none_`-free list: those fields only. */
  readonly storedFields: readonly string[] | null;
  readonly version: boolean;
  readonly highlight: HighlightSpec | null;
  readonly aggregations: readonly NamedAggregation[];
  /** true: exact total; false: no total; a number: count exactly up to it (ES default 10,000). */
  readonly trackTotalHits: boolean | number;
  readonly searchAfter: readonly (TermValue | null)[] | null;
  readonly timeoutMs: number | null;
  readonly terminateAfter: number | null;
  readonly trackScores: boolean;
  /** Logz.io: shift the 2-day window back by this many days; null when absent. */
  readonly dayOffset: number | null;
  /** Logz.io: accounts to search; null when absent. */
  readonly accountIds: readonly number[] | null;
}
