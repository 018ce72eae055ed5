/**
 * The backend-neutral form of an Elasticsearch search request. Parsers in src/query turn the wire JSON into
 * these types; the storage compiler turns them into SQL. Nothing here knows about a backend.
 *
 * Field names are kept exactly as written (`host`, `host.keyword`, `payload.*`): the compiler resolves them
 * against the mapping (strings are `text` with a `.keyword` sub-field). A field that contains `*` is a pattern
 * the compiler expands; `*` alone means every searchable field (query_string's default).
 */

/** A token produced by the analyzer (src/query/analyzer.ts). */
export interface AnalyzedToken {
  /** Lower-cased term as it is indexed. */
  readonly term: string;
  /** Position in the token stream (0-based, +1 per token): phrases and slop compare positions. */
  readonly position: number;
  /** UTF-16 offsets into the analysed text (for highlighting). */
  readonly startOffset: number;
  readonly endOffset: number;
}

/** A scalar that a term-level query compares with; numbers stay numbers so numeric fields compare numerically. */
export type TermValue = string | number | boolean;

/** `fuzziness`: `AUTO` (optionally `AUTO:low,high`) or a fixed edit distance. */
export type Fuzziness =
  | { readonly kind: 'auto'; readonly low: number; readonly high: number }
  | { readonly kind: 'edits'; readonly edits: 0 | 1 | 2 };

/**
 * `minimum_should_match` as written (`2`, `-1`, `75%`, `-25%`, `3<90%`, `2<-25% 9<-3`). Resolve it against the
 * number of optional clauses with `resolveMinimumShouldMatch` (src/query/minimum-should-match.ts).
 */
export type MinimumShouldMatch = string | number;

/** One end of a range. A value is resolved eagerly in every way it may be read; the compiler picks by field type. */
export interface RangeBound {
  readonly inclusive: boolean;
  /** The value as written (string or number). */
  readonly original: string | number;
  /** The value as a number when it is one (or a numeric string); null otherwise. */
  readonly number: number | null;
  /**
   * The value as a date in epoch ms when it reads as one (date math resolved against the request's `now`, with the
   * rounding direction ES uses for this bound, `format` and `time_zone` applied); null otherwise.
   */
  readonly epochMs: number | null;
}

interface Scored {
  /** Relative weight of this clause in `_score` (1 when not given). */
  readonly boost: number;
}

export type QueryAst =
  | ({ readonly kind: 'match_all' } & Scored)
  | { readonly kind: 'match_none' }
  | ({
      readonly kind: 'bool';
      readonly must: readonly QueryAst[];
      readonly should: readonly QueryAst[];
      readonly mustNot: readonly QueryAst[];
      /** Filter context: must match, does not score. */
      readonly filter: readonly QueryAst[];
      /**
       * As written, or null. ES default when null: 1 if there are only `should` clauses (no must/filter), else 0.
       * Use `effectiveMinimumShouldMatch` (src/query/minimum-should-match.ts).
       */
      readonly minimumShouldMatch: MinimumShouldMatch | null;
    } & Scored)
  | ({
      readonly kind: 'term';
      readonly field: string;
      readonly value: TermValue;
      readonly caseInsensitive: boolean;
    } & Scored)
  | ({ readonly kind: 'terms'; readonly field: string; readonly values: readonly TermValue[] } & Scored)
  | ({
      readonly kind: 'range';
      readonly field: string;
      readonly lower: RangeBound | null;
      readonly upper: RangeBound | null;
      /** `format` as written (for a date field), or null. */
      readonly format: string | null;
      /** `time_zone` as written (IANA name or ±hh:mm), or null. */
      readonly timeZone: string | null;
    } & Scored)
  | ({ readonly kind: 'exists'; readonly field: string } & Scored)
  | ({
      readonly kind: 'prefix';
      readonly field: string;
      readonly prefix: string;
      readonly caseInsensitive: boolean;
    } & Scored)
  | ({
      readonly kind: 'wildcard';
      readonly field: string;
      /** Lucene wildcard pattern: `*` any run, `?` one character, `\` escapes the next character. */
      readonly pattern: string;
      readonly caseInsensitive: boolean;
      /**
       * True when the pattern came from query_string / simple_query_string: on a `text` field ES lower-cases it with
       * the field's analyzer (normalize), on a keyword field it is used as is.
       */
      readonly normalize: boolean;
    } & Scored)
  | ({
      readonly kind: 'regexp';
      readonly field: string;
      /** Lucene regular expression as written (anchored at both ends, Lucene syntax); the compiler translates it. */
      readonly pattern: string;
      /** Enabled optional operators, upper-case (`ALL`, `ANYSTRING`, `COMPLEMENT`, `EMPTY`, `INTERSECTION`, `INTERVAL`, `NONE`). */
      readonly flags: readonly string[];
      readonly caseInsensitive: boolean;
      /** True when it came from query_string (`/re/`): the pattern is normalized on a `text` field. */
      readonly normalize: boolean;
    } & Scored)
  | ({
      readonly kind: 'fuzzy';
      readonly field: string;
      readonly value: string;
      readonly fuzziness: Fuzziness;
      readonly prefixLength: number;
      readonly transpositions: boolean;
      readonly normalize: boolean;
    } & Scored)
  | ({ readonly kind: 'ids'; readonly values: readonly string[] } & Scored)
  | ({
      /**
       * Full-text match. On a `text` field: documents holding the analysed tokens, combined by `operator` and
       * `minimumShouldMatch`. On any other field (keyword, number, date, boolean): a term query on `text` as is
       * (the compiler decides by mapping; `tokens` are then unused).
       */
      readonly kind: 'match';
      readonly field: string;
      readonly text: string;
      readonly tokens: readonly AnalyzedToken[];
      readonly operator: 'or' | 'and';
      readonly minimumShouldMatch: MinimumShouldMatch | null;
      readonly fuzziness: Fuzziness | null;
      readonly prefixLength: number;
      /** match_bool_prefix and query_string `foo*`-free terms never set this; match_bool_prefix sets it on the last token. */
      readonly lastTokenIsPrefix: boolean;
      /** What an analysed text with no tokens matches (`none` by default). */
      readonly zeroTermsQuery: 'none' | 'all';
      /** query_string and multi_match on several fields set this: a field without that type is skipped, not an error. */
      readonly lenient: boolean;
    } & Scored)
  | ({
      /**
       * Phrase: the tokens at their relative positions, with at most `slop` moves (Lucene sloppy phrase). On a
       * non-text field it is a term query on `text`.
       */
      readonly kind: 'phrase';
      readonly field: string;
      readonly text: string;
      readonly tokens: readonly AnalyzedToken[];
      readonly slop: number;
      /** match_phrase_prefix: the last token matches as a prefix (up to `maxExpansions` terms in ES). */
      readonly lastTokenIsPrefix: boolean;
      readonly maxExpansions: number;
      readonly zeroTermsQuery: 'none' | 'all';
      readonly lenient: boolean;
    } & Scored)
  | ({
      /** Best of several alternatives: score = max + tieBreaker × sum of the others (multi_match best_fields). */
      readonly kind: 'dis_max';
      readonly queries: readonly QueryAst[];
      readonly tieBreaker: number;
    } & Scored)
  | ({ readonly kind: 'constant_score'; readonly filter: QueryAst } & Scored)
  | ({
      readonly kind: 'boosting';
      readonly positive: QueryAst;
      readonly negative: QueryAst;
      readonly negativeBoost: number;
    } & Scored);

export type QueryKind = QueryAst['kind'];

// ---------------------------------------------------------------------------------------------------------------
// Aggregations

export type SortOrder = 'asc' | 'desc';

/** Bucket order: by count, by key, or by a metric of a sub-aggregation (`"avg_x"`, `"stats_x.max"`, `"stats_x[max]"`). */
export type BucketOrder =
  | { readonly by: '_count'; readonly order: SortOrder }
  | { readonly by: '_key'; readonly order: SortOrder }
  | { readonly by: 'aggregation'; readonly aggregation: string; readonly metric: string | null; readonly order: SortOrder };

/** terms `include` / `exclude`. */
export type TermsFilter =
  | { readonly kind: 'regex'; readonly pattern: string }
  | { readonly kind: 'values'; readonly values: readonly TermValue[] }
  | { readonly kind: 'partition'; readonly partition: number; readonly numPartitions: number };

export type CalendarUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export type HistogramInterval =
  | { readonly kind: 'fixed'; readonly ms: number; readonly original: string }
  | { readonly kind: 'calendar'; readonly unit: CalendarUnit; readonly original: string };

export interface NumericBounds {
  readonly min: number | null;
  readonly max: number | null;
}

/** A date given as written and resolved (date math against the request's `now`). */
export interface ResolvedDate {
  readonly epochMs: number;
  readonly original: string | number;
}

export interface NumericRange {
  readonly key: string | null;
  readonly from: number | null;
  readonly to: number | null;
}

export interface DateRange {
  readonly key: string | null;
  readonly from: ResolvedDate | null;
  readonly to: ResolvedDate | null;
}

export interface NamedFilter {
  /** Bucket key: the name for keyed filters, the index as a string for anonymous ones. */
  readonly key: string;
  readonly query: QueryAst;
}

export type SourceFilter =
  | { readonly enabled: false }
  | { readonly enabled: true; readonly includes: readonly string[]; readonly excludes: readonly string[] };

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

type MetricKind = 'avg' | 'sum' | 'min' | 'max' | 'value_count' | 'cardinality' | 'stats' | 'extended_stats';

export type AggregationAst =
  | {
      readonly kind: 'terms';
      readonly field: string;
      readonly size: number;
      readonly order: readonly BucketOrder[];
      readonly minDocCount: number;
      /** Bucket for documents without the field, under this key; null: such documents are left out. */
      readonly missing: TermValue | null;
      readonly include: TermsFilter | null;
      readonly exclude: TermsFilter | null;
      readonly showTermDocCountError: boolean;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'date_histogram';
      readonly field: string;
      readonly interval: HistogramInterval;
      /** IANA zone or ±hh:mm, null for UTC. */
      readonly timeZone: string | null;
      readonly offsetMs: number;
      readonly minDocCount: number;
      readonly extendedBounds: { readonly min: ResolvedDate | null; readonly max: ResolvedDate | null } | null;
      readonly hardBounds: { readonly min: ResolvedDate | null; readonly max: ResolvedDate | null } | null;
      /** Date format for `key_as_string`, null for strict_date_optional_time. */
      readonly format: string | null;
      readonly order: readonly BucketOrder[];
      readonly keyed: boolean;
      readonly missing: ResolvedDate | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'histogram';
      readonly field: string;
      readonly interval: number;
      readonly offset: number;
      readonly minDocCount: number;
      readonly extendedBounds: NumericBounds | null;
      readonly hardBounds: NumericBounds | null;
      readonly order: readonly BucketOrder[];
      readonly keyed: boolean;
      readonly missing: number | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'range';
      readonly field: string;
      readonly ranges: readonly NumericRange[];
      readonly keyed: boolean;
      readonly missing: number | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'date_range';
      readonly field: string;
      readonly ranges: readonly DateRange[];
      readonly keyed: boolean;
      readonly format: string | null;
      readonly timeZone: string | null;
      readonly missing: ResolvedDate | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'filters';
      readonly filters: readonly NamedFilter[];
      /** Named filters answer buckets as an object (keyed), anonymous ones as an array. */
      readonly keyed: boolean;
      readonly otherBucket: boolean;
      readonly otherBucketKey: string;
      readonly aggregations: readonly NamedAggregation[];
    }
  | { readonly kind: 'filter'; readonly query: QueryAst; readonly aggregations: readonly NamedAggregation[] }
  | { readonly kind: 'missing'; readonly field: string; readonly aggregations: readonly NamedAggregation[] }
  | {
      readonly kind: MetricKind;
      readonly field: string;
      /** Value used for documents without the field; null: they are skipped. */
      readonly missing: TermValue | null;
      /** extended_stats `sigma` (default 2); cardinality `precision_threshold`; otherwise unused (null). */
      readonly sigma: number | null;
      readonly precisionThreshold: number | null;
    }
  | {
      readonly kind: 'percentiles';
      readonly field: string;
      readonly percents: readonly number[];
      readonly keyed: boolean;
      readonly missing: TermValue | null;
    }
  | {
      readonly kind: 'top_hits';
      readonly from: number;
      readonly size: number;
      readonly sort: readonly SortClause[];
      readonly source: SourceFilter;
    };

export type AggregationKind = AggregationAst['kind'];

export interface NamedAggregation {
  readonly name: string;
  readonly aggregation: AggregationAst;
  /** `meta` object, echoed back in the response as is; null when absent. */
  readonly meta: Readonly<Record<string, unknown>> | null;
}

// ---------------------------------------------------------------------------------------------------------------
// The search request

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
