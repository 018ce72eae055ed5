/**
 * The LogStore port: everything Logward asks of the store that holds the logs. One implementation
 * (src/storage/clickhouse/) with two transports: chDB in the process and a ClickHouse server over HTTP.
 * Every implementation passes the behaviour suite in src/storage/conformance/.
 *
 * Ownership while the first version is built: the append, catalog, usage-free and retention parts
 * belong to the log-store work (issue 4); `search` and its request/result types are added by the search
 * work (issue 5) in this file.
 */

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

export interface AppendOptions {
  /** Same token → stored once, so a retry after an unclear failure never doubles a batch. */
  readonly dedupToken: string;
  /** Per-account retention in days; logs past it are never stored nor returned. */
  readonly retentionDaysOf: (accountId: number) => number;
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

export interface LogStore {
  /** Stores the documents; resolves only once they are durable. Never rejects a log for its fields. */
  append(documents: readonly LogDocument[], options: AppendOptions): Promise<void>;
  /** The fields seen per account, for `_mapping`, `_field_caps` and the query compiler. */
  fieldCatalog(accountIds: readonly number[]): Promise<ReadonlyMap<number, readonly CatalogField[]>>;
  /** Deletes logs older than each account's retention now (TTL does it lazily; this makes it prompt). */
  enforceRetention(retentionDaysByAccount: ReadonlyMap<number, number>, nowMs: number): Promise<void>;
  /** Count and newest receive time per account (accounts without logs are reported with 0). */
  accountStats(accountIds: readonly number[]): Promise<ReadonlyMap<number, AccountLogStats>>;
  /** Removes every log of an account (account deletion). */
  deleteAccount(accountId: number): Promise<void>;
  ping(): Promise<void>;
  /** Waits for in-flight work, then releases the engine. */
  close(): Promise<void>;
}
