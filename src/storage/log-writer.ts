/** The writing capability of the log store: what ingest, markers and the service's own event logs need. */

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

export interface LogWriter {
  /** Stores the documents; resolves only once they are durable. Never rejects a log for its fields. */
  append(documents: readonly LogDocument[], options: AppendOptions): Promise<void>;
  /** An encoder for documents of these accounts, for `write`: they are stored as `append` would store them. */
  openEncoder(accountIds: readonly number[], options: EncodeOptions): Promise<LogEncoder>;
  /** Stores encoded logs of this store as one batch, all or nothing per insert; resolves once durable. */
  write(batches: readonly EncodedLogs[], options: WriteOptions): Promise<void>;
}
