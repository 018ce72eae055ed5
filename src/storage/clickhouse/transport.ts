/**
 * What the ClickHouse log store needs from a connection to the engine. Two implementations: chDB in
 * the process (chdb-transport.ts) and a ClickHouse server over HTTP (http-transport.ts). The SQL is
 * the same for both; only how it travels differs.
 */

import { randomUUID } from 'node:crypto';

export type QuerySettings = Readonly<Record<string, string | number>>;

/** Engine-side limits put on every query (JS-side timeouts do not stop the engine, chdb-notes §4). */
export interface QueryLimits {
  readonly maxExecutionSeconds: number;
  readonly maxMemoryBytes: number;
}

/** What the engine behind a transport can hold, which the store shares between accounts and background work. */
export interface EngineShares {
  /** The engine's memory budget in bytes (`max_server_memory_usage`, or what Logward may use of a server). */
  readonly memoryBytes: number;
  /** Statements that can run at once (query sessions or connections). */
  readonly slots: number;
}

/** How one statement may be stopped before it ends. */
export interface StatementOptions {
  /**
   * Aborting stops the statement in the engine (KILL QUERY), not only the wait for it: its slot is free once the
   * promise settles, which it does with a StatementCancelledError.
   */
  readonly signal?: AbortSignal;
}

/** A statement stopped through its signal (the person who asked left, or cancelled): normal, not a failure. */
export class StatementCancelledError extends Error {
  readonly code = 'STATEMENT_CANCELLED';
  constructor() {
    super('the statement was cancelled');
    this.name = 'StatementCancelledError';
  }
}

export function isStatementCancelled(error: unknown): error is StatementCancelledError {
  return error instanceof StatementCancelledError;
}

export interface ClickHouseTransport {
  readonly shares: EngineShares;
  /** Runs a statement without a result (DDL, ALTER, DELETE). */
  exec(sql: string, settings?: QuerySettings): Promise<void>;
  /** Inserts a JSONEachRow payload; resolves once the rows are written (durable as the engine makes them). */
  insertJsonEachRow(table: string, rows: Buffer, settings?: QuerySettings): Promise<void>;
  /** Runs a SELECT (no FORMAT or SETTINGS clause of its own) and returns its rows as objects. */
  query<Row>(sql: string, settings?: QuerySettings, options?: StatementOptions): Promise<Row[]>;
  /**
   * Bytes the engine tracks now (`system.metrics` MemoryTracking), read on a connection of its own (the query slots
   * may all be busy) and given up after `timeoutMs` (rejects then).
   */
  memoryTracking(timeoutMs: number): Promise<number>;
  ping(): Promise<void>;
  /** Waits for in-flight work, then releases the connection(s). */
  close(): Promise<void>;
}

export const MEMORY_TRACKING_SQL = "SELECT toInt64(value) AS bytes FROM system.metrics WHERE metric = 'MemoryTracking'";

/** The bytes of a MEMORY_TRACKING_SQL answer. */
export function memoryTrackingOf(rows: readonly { bytes?: unknown }[]): number {
  const bytes = Number(rows[0]?.bytes);
  if (!Number.isFinite(bytes)) throw new Error('the engine reported no MemoryTracking');
  return bytes;
}

/** The longest SELECT the engine parses (its default, 256 KiB, is less than a 20,000-value lookup list). */
const MAX_QUERY_BYTES = 32 * 1024 * 1024;

/** Settings every SELECT carries: limits, and 64-bit integers as JSON numbers (counts, epoch ms). */
export function querySettingsWith(limits: QueryLimits, settings: QuerySettings | undefined): QuerySettings {
  return {
    max_execution_time: limits.maxExecutionSeconds,
    max_memory_usage: limits.maxMemoryBytes,
    output_format_json_quote_64bit_integers: 0,
    // A lookup list travels inside the statement (decision 0451): 100,000 IPs are about 1.7 MB of SQL.
    max_query_size: MAX_QUERY_BYTES,
    ...settings,
  };
}

/** A tag the engine shows for the statement in system.processes (`log_comment`), so another statement can kill it. */
export function statementTag(): string {
  return `logward-${randomUUID()}`;
}
