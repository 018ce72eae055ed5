/**
 * The LogStore port: everything Logward asks of the store that holds the logs. One implementation
 * (src/storage/clickhouse/) with two transports: chDB in the process and a ClickHouse server over HTTP.
 * Every implementation passes the behaviour suite in src/storage/conformance/.
 *
 * Ownership while the first version is built: the append, catalog, usage-free and retention parts
 * belong to the log-store work (issue 4); `search` and its request/result types are added by the search
 * work (issue 5) in this file.
 */
import type { QueryAst, SearchRequest } from '../query/index.js';

/** A primitive a flattened field may hold; arrays keep primitives only (objects are flattened). */
export type FieldValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

/** One normalised log, ready to store. */
export interface LogDocument {
  /** `_id`: unique, generated at ingest (never reused, so a retried batch can be de-duplicated). */
  readonly id: string;
  readonly accountId: number;
  /** `@timestamp` in epoch milliseconds. */
  readonly timestampMs: number;
  /** When Logward received it, epoch ms (ingest lag = receivedAtMs - timestampMs). */
  readonly receivedAtMs: number;
  /** The log type (`type` field, listener `type` parameter, ES index name, or `http-bulk`). */
  readonly type: string;
  readonly message: string | undefined;
  /** Every other field, nested objects flattened to dotted names (`user.id`). */
  readonly fields: Readonly<Record<string, FieldValue>>;
  /** Bytes of the log as received; feeds daily usage and `LogSize`. */
  readonly sizeBytes: number;
  /**
   * `_source` as search returns it (JSON text), for logs whose flattening is lossy (keys containing dots,
   * arrays of objects). When absent, `_source` is rebuilt from `@timestamp`, `type`, `message` and the
   * fields with dotted names nested again (docs/decisions/0121): omit it otherwise, it doubles the disk.
   */
  readonly source?: string;
}

export interface AppendOptions extends EncodeOptions, WriteOptions {}

export interface EncodeOptions {
  /** Per-account retention in days; logs past it are never stored nor returned. */
  readonly retentionDaysOf: (accountId: number) => number;
}

export interface WriteOptions {
  /** Same token → stored once, so a retry after an unclear failure never doubles a batch. */
  readonly dedupToken: string;
}

/**
 * Logs encoded by a store for itself, ready to be written: ingest encodes each log as it decodes it and keeps
 * only these bytes while the request waits for its batch (decision 0130). Opaque outside the store that made it.
 */
export interface EncodedLogs {
  /** Logs that will be stored (those already past retention are left out). */
  readonly rowCount: number;
}

/** Encodes documents one at a time, so none needs to outlive its own encoding. */
export interface LogEncoder {
  add(document: LogDocument): void;
  /** The logs added so far; the encoder takes no more after this. */
  finish(): EncodedLogs;
}

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

const MS_PER_DAY = 86_400_000;

/**
 * The oldest `@timestamp` still visible for an account: every query scopes to `@timestamp >= this`,
 * because expired rows stay on disk until a merge or `enforceRetention` removes them.
 */
export function retentionFloorMs(retentionDays: number, nowMs: number): number {
  return nowMs - retentionDays * MS_PER_DAY;
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

export interface LogStore {
  /** Stores the documents; resolves only once they are durable. Never rejects a log for its fields. */
  append(documents: readonly LogDocument[], options: AppendOptions): Promise<void>;
  /** An encoder for documents of these accounts, for `write`: they are stored as `append` would store them. */
  openEncoder(accountIds: readonly number[], options: EncodeOptions): Promise<LogEncoder>;
  /** Stores encoded logs of this store as one batch, all or nothing per insert; resolves once durable. */
  write(batches: readonly EncodedLogs[], options: WriteOptions): Promise<void>;
  /** The fields seen per account, for `_mapping`, `_field_caps` and the query compiler. */
  fieldCatalog(accountIds: readonly number[]): Promise<ReadonlyMap<number, readonly CatalogField[]>>;
  /** Deletes logs older than each account's retention now (TTL does it lazily; this makes it prompt). */
  enforceRetention(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void>;
  /** Count and newest receive time per account (accounts without logs are reported with 0). */
  accountStats(accountIds: readonly number[]): Promise<ReadonlyMap<number, AccountLogStats>>;
  /** Removes every log of an account (account deletion). */
  deleteAccount(accountId: number): Promise<void>;
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
  ping(): Promise<void>;
  /** Waits for in-flight work, then releases the engine. */
  close(): Promise<void>;
}
