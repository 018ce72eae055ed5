/**
 * A search as data (decision 0730): what planSearch decided once — the scope, the row sets and their predicates, how
 * the page, the count and the aggregations are read, and which speed rule chose each — before any statement runs.
 * The executor (../search-executor.ts) renders each statement from it at the end and runs it. Predicates are SQL
 * fragments (the compiler's leaves); the structure, the strategies and the facts the rules decided on are typed.
 */
import type { QuerySettings } from '../../transport.js';
import type { CompileContext } from '../compile/compile-context.js';
import type { PendingAnswers } from '../compile/pending-answers.js';
import type { CompiledPredicate, PredicateFacts } from '../compile/query-compiler.js';
import type { HitsQuery } from '../hits/hits-sql.js';
import type { SortPlan } from '../hits/sort-sql.js';
import type { CountedWord } from '../word-counts/counted-word.js';

/** Which plain flags split the rows: `message_plain` alone, or both it and `fields_plain`. */
export type RowClass = 'message' | 'message-and-fields';

/**
 * The rows of a match as disjoint sets whose union is the match: all of them under one predicate, or plain and
 * other rows apart where the query's text tests differ between them (plain-message-rows, plain-fields-rows).
 */
export interface RowSets {
  /** scope AND query AND post_filter (match_all left out): every match. */
  readonly all: string;
  /** The scope alone: the query and post_filter test nothing. */
  readonly scopeOnly: boolean;
  readonly split: {
    readonly by: RowClass;
    /** The tests on plain rows (the indexes decide alone). */
    readonly plain: string;
    /** The tests on the other rows, led by the index superset where there is one. */
    readonly other: string;
  } | null;
}

/** The first page of a word most logs hold, read from the newest rows (word-window): rows decided when it runs. */
export interface WindowCandidate {
  /** The words whose share of logs sizes the window. */
  readonly words: readonly string[];
  /** The scope and the query's time ranges: what bounds the rows read. */
  readonly within: string;
  /** What each row read is tested by. */
  readonly test: string;
}

/** How a page of hits other than from the best score is read. */
export type SortedPage =
  | { readonly kind: 'timestamp-page'; readonly descending: boolean; readonly direct: boolean; readonly window: WindowCandidate | null }
  | { readonly kind: 'timestamp-bound'; readonly boundBranches: readonly string[] }
  | { readonly kind: 'plain' };

export type PageStrategy =
  | { readonly kind: 'none' }
  /** top-score-page: from the best score down; `otherwise` where fewer than a page share it. */
  | { readonly kind: 'top-score'; readonly otherwise: SortedPage }
  | SortedPage;

/** A count statement over the row sets: `limit` rows at most (a bounded count), null to count them all. */
export interface CountStatement {
  readonly limit: number | null;
  readonly settings: QuerySettings | undefined;
}

export type CountStrategy =
  /** `track_total_hits: false`. */
  | { readonly kind: 'none' }
  /** The top-score page's first statement counts the matches. */
  | { readonly kind: 'top-score' }
  /** The aggregations count the hits on the way; the statement where a histogram was cut short. */
  | { readonly kind: 'from-aggregations'; readonly otherwise: CountStatement }
  /** word-counts: the per-part counts of the word, then `otherwise` where they cannot answer. */
  | { readonly kind: 'word-counts'; readonly counted: CountedWord; readonly otherwise: CountStrategy }
  /** message-subset: the rows the `message` side holds, then the statement short of the bound. */
  | { readonly kind: 'message-subset'; readonly statement: CountStatement }
  | { readonly kind: 'statement'; readonly statement: CountStatement };

export interface AggregationSource {
  /** split-aggregations: the two row sets read as one; else the table under `where`. */
  readonly rows: { readonly kind: 'split' } | { readonly kind: 'table'; readonly where: string };
  /** day-counts: the scope as whole days where the query matches everything. */
  readonly wholeDaysWhere: string | null;
  /** The aggregations count the hits (no post_filter and a metric or a histogram of every log). */
  readonly countsHits: boolean;
  /** field-presence: a root filters aggregation of `exists` tests alone is answered in one pass. */
  readonly fieldPresence: boolean;
}

export interface SearchPlan {
  readonly table: string;
  /**
   * What its statements ask of the engine before they run (few-value and token-dictionary questions, typed, each
   * written into the SQL by its key): answered by key when a statement runs (statement-answers.ts).
   */
  readonly pending: PendingAnswers;
  /** The scope's conjunction, first in every statement. */
  readonly scope: string;
  /** The query (`query`), and the post_filter's WHERE. */
  readonly main: CompiledPredicate;
  readonly post: string | null;
  /** The facts of scope, query and post_filter together (what the page and the split decide on). */
  readonly facts: PredicateFacts;
  /** index-superset: index tests every match passes; null where there are none or the rule is off. */
  readonly indexSuperset: string | null;
  readonly rows: RowSets;
  readonly sort: SortPlan;
  /** Hits carry scores (the sort or track_scores asks, or equal scores stand in for ranking). */
  readonly scoring: boolean;
  /** The hits statement's shape (branches, columns, page): every page strategy reads from it. */
  readonly hits: HitsQuery;
  /** Statements that rank run with query_plan_direct_read_from_text_index off (a fields index test and a score). */
  readonly rankedSettings: QuerySettings | undefined;
  readonly page: PageStrategy;
  readonly count: CountStrategy;
  /** Null without aggregations. */
  readonly aggregations: AggregationSource | null;
  /** The compilation's state: score statistics render from its placeholders; aggregations compile with it. */
  readonly context: CompileContext;
}
