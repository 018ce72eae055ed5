/** The parsed form of a Lucene query string, before fields and analysis are applied. */

export type Occur = 'must' | 'should' | 'must_not';

/** A field named in the query, or null for the default field(s). */
export type LuceneField = string | null;

export interface RangeEnd {
  /** Null for `*` (unbounded). Escapes removed. */
  readonly value: string | null;
  readonly inclusive: boolean;
}

export type LuceneNode =
  | { readonly kind: 'boolean'; readonly clauses: readonly { readonly occur: Occur; readonly node: LuceneNode }[]; readonly boost: number }
  | {
      readonly kind: 'term';
      readonly field: LuceneField;
      readonly raw: string;
      readonly text: string;
      /** `~` after the term: null when absent, 'default' for a bare `~`. */
      readonly fuzzy: number | 'default' | null;
      readonly boost: number;
    }
  | { readonly kind: 'phrase'; readonly field: LuceneField; readonly text: string; readonly slop: number | null; readonly boost: number }
  | { readonly kind: 'regex'; readonly field: LuceneField; readonly pattern: string; readonly boost: number }
  /** `field:lookup{"list"}`: the field's value is a member of the lookup list (decision 0451). */
  | { readonly kind: 'lookup'; readonly field: LuceneField; readonly list: string; readonly boost: number }
  | { readonly kind: 'range'; readonly field: LuceneField; readonly lower: RangeEnd; readonly upper: RangeEnd; readonly boost: number };

/**
 * Deepest nesting of `( … )` groups: Elasticsearch's `indices.query.bool.max_nested_depth` (each group is a bool).
 * Checked while parsing, so a hostile `((((…` cannot exhaust the stack.
 */
export const MAX_GROUP_DEPTH = 20;

export const GROUP_DEPTH_MESSAGE = `The nested depth of the query exceeds the maximum nested depth for queries set in [indices.query.bool.max_nested_depth] (${MAX_GROUP_DEPTH})`;
