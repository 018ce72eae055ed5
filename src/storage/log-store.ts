/**
 * The LogStore port: everything Logward asks of the store that holds the logs, as capabilities a consumer depends
 * on one at a time (decision 0322): LogWriter (ingest, own event logs), LogSearcher (search, catalog, figures),
 * LogAdmin (retention, account lifecycle), EngineStats
 * (the engine's load, for /metrics). One implementation (src/storage/clickhouse/) with two transports: chDB
 * in the process and a ClickHouse server over HTTP. Every implementation passes the behaviour suite in
 * src/storage/conformance/. Only the composition root holds the whole store.
 */
import type { EngineStats } from './engine-stats.js';
import type { LogAdmin } from './log-admin.js';
import type { LogSearcher } from './log-searcher.js';
import type { LogWriter } from './log-writer.js';

export type * from './engine-stats.js';
export type * from './log-admin.js';
export type * from './log-searcher.js';
export type * from './log-writer.js';
export { retentionFloorMs } from './retention-floor.js';

export interface LogStore extends LogWriter, LogSearcher, LogAdmin, EngineStats {
  ping(): Promise<void>;
  /** Waits for in-flight work, then releases the engine. */
  close(): Promise<void>;
}
