/** A field condition of a drop filter: the log's field equals the value exactly (compared as text). */
export interface DropCondition {
  readonly fieldName: string;
  readonly value: string;
}

/** An active drop filter as the listener applies it. */
export interface IngestDropFilter {
  readonly id: string;
  /** Only logs of this type; undefined: any type. */
  readonly logType: string | undefined;
  readonly conditions: readonly DropCondition[];
}

/**
 * What the listener asks of drop filters (the drop-filters module answers, from a view each ingest process keeps
 * fresh). `admit` is asked for each matching log: it applies the filter's daily threshold and counts the drop.
 */
export interface DropFilterPort {
  activeFor(accountId: number): Promise<readonly IngestDropFilter[]>;
  /** Whether a log of `sizeBytes` the filter matched is dropped (true) or kept (under its daily threshold). */
  drops(filter: IngestDropFilter, accountId: number, sizeBytes: number): boolean;
}

/** A log a drop filter dropped, as the account's archive keeps it. */
export interface DroppedLog {
  readonly id: string;
  readonly timestampMs: number;
  /** Its `_source` as search would have answered it. */
  readonly source: string;
}

/**
 * Where the listener keeps what drop filters dropped for an account that archives (decision 0705): Logz.io archives
 * dropped logs too. Kept durably before the request is answered; never stored as searchable logs nor counted.
 */
export interface DroppedLogKeeper {
  /** Whether the account keeps its dropped logs (it has an enabled archive). */
  wants(accountId: number): Promise<boolean>;
  keep(accountId: number, logs: readonly DroppedLog[]): Promise<void>;
}
