/**
 * The reading capability of the log store: searches, the field catalog and per-account figures. A new kind of
 * read (a typed question, a count) is one more method here, implemented by every store and covered by the
 * behaviour suite (src/storage/conformance/).
 */
import type { QueryAst, SearchRequest } from '../query/index.js';

/** Elasticsearch-style field types, as `_mapping` and `_field_caps` report them. */
export type CatalogFieldType = 'text' | 'keyword' | 'long' | 'double' | 'boolean' | 'date' | 'object';

export interface CatalogField {
  readonly name: string;
  /** The type first seen for this field in the account (Elasticsearch's dynamic mapping). */
  readonly type: CatalogFieldType;
  /** Other types seen later for the same field: the values were kept and stay searchable. */
  readonly conflictingTypes: readonly CatalogFieldType[];
  /** Some values came as arrays (stored apart from scalars, docs/log-schema.md). */
  readonly inArrays: boolean;
  /**
   * Every string value seen is plain text: the engine's tokenizer splits it exactly as the analyzer does
   * (query/text/index-tokens.ts), so token tests need no regular expression (decision 0129).
   */
  readonly plainText: boolean;
}

/** What the store knows of an account's logs without searching them. */
export interface AccountLogStats {
  readonly logCount: number;
  /** Newest `receivedAtMs` stored, or undefined without logs: alerts judge ingest lag with it. */
  readonly newestReceivedAtMs: number | undefined;
}

/** Log types selected by index names (`logs-*,-logs-debug`): globs over `type`; null in `LogSearchQuery` means all. */
export interface TypeSelection {
  /** At least one must match (`*` matches any run of characters). */
  readonly include: readonly string[];
  /** None may match. */
  readonly exclude: readonly string[];
}

/**
 * Which logs a search may see. Built only by the search module's scope resolver, which has authorised
 * every account in it; the compiler turns it into the first conjunct of every WHERE it writes.
 */
export interface SearchScope {
  /** Each searchable account with its oldest visible `@timestamp` (window start, never past retention). */
  readonly accounts: readonly { readonly accountId: number; readonly fromMs: number }[];
  /** Exclusive upper bound on `@timestamp`, or null for none. */
  readonly toMs: number | null;
  readonly types: TypeSelection | null;
  /**
   * What the caller's principal restricts every search to (a shared token's filters), or null: compiled into the
   * scope conjunct itself, so hits, counts, aggregations, scores and scroll pages all see only matching logs.
   */
  readonly filter: QueryAst | null;
  /**
   * The account that asked (the principal's own): interactive searches share the engine per requesting account
   * (storage fair queue). Absent: the first account searched.
   */
  readonly requesterAccountId?: number;
}

export interface LogSearchQuery {
  readonly scope: SearchScope;
  readonly request: SearchRequest;
  /** Consistent snapshot for scroll: only logs received at or before this epoch ms; null: everything. */
  readonly receivedAtMostMs: number | null;
  /** Scroll's keyset: only logs after this position of the sort (every sort key's value, then `_id`). */
  readonly after: SearchCursor | null;
  /** Work nobody waits on (alert evaluation): it yields the engine to interactive searches. */
  readonly background?: boolean;
  /** Aborted when nobody waits for the answer any more: the store stops its statements (StatementCancelledError). */
  readonly signal?: AbortSignal;
}

/** A position in a search's order: the values of every sort key (hidden tie-breakers included), then `_id`. */
export interface SearchCursor {
  readonly values: readonly SortValue[];
  readonly id: string;
}

/** A value of `sort`/`search_after`: numbers for dates and numbers, strings otherwise. */
export type SortValue = string | number | boolean | null;

export interface LogHit {
  readonly id: string;
  readonly accountId: number;
  readonly type: string;
  /** null when the request sorts by something other than `_score` and does not track scores. */
  readonly score: number | null;
  /** The document as stored, nested again, after `_source` includes/excludes; null when `_source: false`. */
  readonly source: Readonly<Record<string, unknown>> | null;
  readonly sort: readonly SortValue[] | null;
  readonly highlight: Readonly<Record<string, readonly string[]>> | null;
  /** docvalue_fields / stored_fields values, as Elasticsearch lists them. */
  readonly fields: Readonly<Record<string, readonly unknown[]>> | null;
}

export interface LogSearchResult {
  readonly total: number;
  /**
   * How `total` relates to the matches when the request bounds the count (`track_total_hits`, Elasticsearch 7+):
   * `gte` when more match than the bound it equals, `untracked` when nothing was counted (`total` is then 0).
   * Absent: `total` is exact.
   */
  readonly totalRelation?: 'gte' | 'untracked';
  readonly maxScore: number | null;
  readonly hits: readonly LogHit[];
  /** Elasticsearch-shaped aggregation results keyed by name; null when none were asked for. */
  readonly aggregations: Readonly<Record<string, unknown>> | null;
  /** Position of the last hit, to continue after it (scroll); null without hits. */
  readonly lastCursor: SearchCursor | null;
}

/**
 * What a question measures of each group of matching logs (detection's typed questions, decision 0340): how many
 * logs, a metric of a field, or the percentage of the group's logs that also match `condition`.
 */
export type GroupMeasure =
  | { readonly kind: 'count' }
  | { readonly kind: 'sum' | 'avg' | 'min' | 'max' | 'unique_count'; readonly field: string }
  | { readonly kind: 'percentile'; readonly field: string; readonly percent: number }
  | { readonly kind: 'share'; readonly condition: QueryAst };

/** Several conditions measured over the same scope, grouping and measure: one pass over the logs answers them all. */
export interface GroupMeasureQuery {
  /** The window is the scope's bounds (each account's `fromMs`, `toMs`). */
  readonly scope: SearchScope;
  readonly conditions: readonly QueryAst[];
  /** Logs missing a group field are in no group. */
  readonly groupBy: readonly string[];
  readonly measure: GroupMeasure;
  /** Log types never counted (the service's own event logs, unless a condition names them). */
  readonly excludedTypes: readonly string[];
  /** Groups per condition (and per parent group) at most, the largest first. */
  readonly maxGroups: number;
  /** Work nobody waits on: it yields the engine to interactive searches. */
  readonly background: boolean;
}

export interface MeasuredGroup {
  /** groupBy field → the group's value as text (dates ISO, booleans `true`/`false`); empty without groupBy. */
  readonly group: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface LogSearcher {
  /**
   * Runs a parsed search inside `scope`. Rejects with AppError invalid_argument (`Query has failed…`, no SQL) when
   * the engine refuses the query and unavailable when it runs out of time.
   */
  search(query: LogSearchQuery): Promise<LogSearchResult>;
  /**
   * Per condition (same order), the measure of each group of matching logs; groups without a value (AVG over no
   * numbers) are left out. Without groupBy there is one group, `{}`, also over no logs when the measure has a value
   * there (count, sum, unique_count: 0). Rejects as `search` does.
   */
  measureGroups(query: GroupMeasureQuery): Promise<MeasuredGroup[][]>;
  /** The fields seen per account, for `_mapping`, `_field_caps` and the query compiler. */
  fieldCatalog(accountIds: readonly number[]): Promise<ReadonlyMap<number, readonly CatalogField[]>>;
  /** Count and newest receive time per account (accounts without logs are reported with 0). */
  accountStats(accountIds: readonly number[]): Promise<ReadonlyMap<number, AccountLogStats>>;
}
