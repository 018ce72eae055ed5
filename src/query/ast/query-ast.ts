/**
 * The backend-neutral form of an Elasticsearch query (decision 0160). Parsers in src/query produce it; the storage
 * compiler turns it into SQL. Nothing here knows about a backend.
 *
 * Field names are kept exactly as written (`host`, `host.keyword`, `payload.*`): the compiler resolves them
 * against the mapping (strings are `text` with a `.keyword` sub-field). A field that contains `*` is a pattern
 * the compiler expands; `*` alone means every searchable field (query_string's default).
 */
import type { LookupMembers } from './lookup-ast.js';

/** A token produced by the analyzer (src/query/text/analyzer.ts). */
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
  { readonly kind: 'auto'; readonly low: number; readonly high: number } | { readonly kind: 'edits'; readonly edits: 0 | 1 | 2 };

/**
 * `minimum_should_match` as written (`2`, `-1`, `75%`, `-25%`, `3<90%`, `2<-25% 9<-3`). Resolve it against the
 * number of optional clauses with `resolveMinimumShouldMatch` (src/query/dsl/minimum-should-match.ts).
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
       * Use `effectiveMinimumShouldMatch` (src/query/dsl/minimum-should-match.ts).
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
      /** True when it came from query_string (`term~`): the value is normalized on a `text` field. */
      readonly normalize: boolean;
    } & Scored)
  | ({ readonly kind: 'ids'; readonly values: readonly string[] } & Scored)
  | ({
      /**
       * The field's whole value is a member of a lookup list (decision 0451): equal to one of its values or, for an
       * IP, inside one of its CIDR ranges. `list` is the reference as written (GUID or name); `members` is null
       * until `resolveLookups` fills it, and the compiler refuses an unresolved lookup.
       */
      readonly kind: 'lookup';
      readonly field: string;
      readonly list: string;
      readonly members: LookupMembers | null;
    } & Scored)
  | ({
      /**
       * Two fields of the same log hold an equal value (Sigma's `fieldref`); no Elasticsearch clause produces it.
       * Strings compare whole (`caseInsensitive` as asked), numbers numerically.
       */
      readonly kind: 'field_equals';
      readonly field: string;
      readonly otherField: string;
      readonly caseInsensitive: boolean;
    } & Scored)
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
      /** match_bool_prefix (and multi_match type bool_prefix): the last token matches as a prefix, the others as terms. */
      readonly lastTokenIsPrefix: boolean;
      /** What an analysed text with no tokens matches (`none` by default). */
      readonly zeroTermsQuery: 'none' | 'all';
      /**
       * Set by `lenient: true`, and by default when the field is a pattern (`*`, `payload.*`, query_string's default):
       * a field the text cannot be compared with (a number field and `"abc"`) is skipped instead of failing with 400.
       */
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
