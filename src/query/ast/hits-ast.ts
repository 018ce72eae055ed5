import type { QueryAst, TermValue } from './query-ast.js';

/** How hits are sorted, filtered and highlighted (the search body and top_hits share these). */

export type SortOrder = 'asc' | 'desc';

export type SourceFilter =
  { readonly enabled: false } | { readonly enabled: true; readonly includes: readonly string[]; readonly excludes: readonly string[] };

export type SortClause =
  | {
      readonly kind: 'field';
      readonly field: string;
      readonly order: SortOrder;
      /** `_last` (default), `_first`, or a value to use for documents without the field. */
      readonly missing: '_last' | '_first' | TermValue;
      readonly unmappedType: string | null;
      /** `min`/`max`/`sum`/`avg`/`median` for multi-valued fields, as written. */
      readonly mode: string | null;
      readonly format: string | null;
    }
  | { readonly kind: 'score'; readonly order: SortOrder }
  | { readonly kind: 'doc'; readonly order: SortOrder };

export interface HighlightField {
  readonly field: string;
  readonly fragmentSize: number;
  readonly numberOfFragments: number;
  readonly preTags: readonly string[];
  readonly postTags: readonly string[];
  /** Highlight with this query instead of the search query. */
  readonly highlightQuery: QueryAst | null;
}

export interface HighlightSpec {
  /** Per field, the global settings merged with the field's own. Field names may be patterns (`*`). */
  readonly fields: readonly HighlightField[];
  readonly requireFieldMatch: boolean;
}

export interface DocvalueField {
  readonly field: string;
  readonly format: string | null;
}
