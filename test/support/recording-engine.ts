/**
 * The embedded engine in a temporary directory and a transport that records every query statement it runs: for
 * tests of the statements the search executors send. The test creates the tables (singleNodeDdl) before its rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openChdbTransport } from '../../src/storage/clickhouse/chdb-transport.js';
import type { ClickHouseTransport } from '../../src/storage/clickhouse/transport.js';

export interface RecordingEngine {
  /** The engine itself, for statements the test runs on its own (inserts, EXPLAIN). */
  readonly transport: ClickHouseTransport;
  /** The engine's data directory: a test may open a Session of its own on it (to watch system.processes). */
  readonly dir: string;
  /** The same engine, recording each query statement in `statements`. */
  readonly recording: ClickHouseTransport;
  readonly statements: string[];
  /** Closes the engine and removes its directory. */
  close(): Promise<void>;
}

export function openRecordingEngine(name: string): RecordingEngine {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `logward-${name}-`));
  const transport = openChdbTransport({
    path: dir,
    memoryBytes: 1_000_000_000,
    querySessions: 1,
    limits: { maxExecutionSeconds: 20, maxMemoryBytes: 500_000_000 },
  });
  const statements: string[] = [];
  const recording: ClickHouseTransport = {
    ...transport,
    query: (sql, settings) => {
      statements.push(sql);
      return transport.query(sql, settings);
    },
  };
  return {
    transport,
    dir,
    recording,
    statements,
    async close() {
      await transport.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
