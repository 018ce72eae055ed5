import { Session } from 'chdb';
import type { AppConfig } from '../../src/config/index.js';
import { SOURCE_SELECT_SQL, sourceOfRow, type StoredSourceRow } from '../../src/storage/clickhouse/source-of-row.js';

/** A stored log as tests read it back: the core columns and `_source`. */
export interface StoredLog {
  readonly id: string;
  readonly account: number;
  readonly timestampMs: number;
  readonly type: string;
  readonly message: string;
  readonly sizeBytes: number;
  readonly source: Record<string, unknown>;
}

interface Row extends StoredSourceRow {
  id: string;
  account: number;
  size_bytes: number;
}

/**
 * Reads logs straight from the app's embedded store, through a Session of its own on the same chDB path
 * (chDB shares data between Sessions of one path). A stand-in for the search API until it lands.
 */
export function openLogReader(config: AppConfig) {
  if (!config.logStoreUrl.startsWith('chdb:')) throw new Error('the log reader needs the embedded store');
  const session = new Session(config.logStoreUrl.slice('chdb:'.length));
  return {
    /** Logs of an account, oldest first; `where` is extra SQL written by the test itself. */
    async logs(accountId: number, where = '1'): Promise<StoredLog[]> {
      const result = await session.queryAsync(
        `SELECT id, account, size_bytes, ${SOURCE_SELECT_SQL} FROM logs WHERE account = ${Math.trunc(accountId)} AND (${where}) ORDER BY ts, id` +
          ' SETTINGS output_format_json_quote_64bit_integers = 0',
        { format: 'JSONEachRow' },
      );
      return result
        .text()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Row)
        .map((row) => ({
          id: row.id,
          account: row.account,
          timestampMs: row._ts_ms,
          type: row.type,
          message: row.message,
          sizeBytes: row.size_bytes,
          source: JSON.parse(sourceOfRow(row)) as Record<string, unknown>,
        }));
    },
    /** Any SQL over the `logs` table, written by the test itself. */
    async rows<R>(sql: string): Promise<R[]> {
      const result = await session.queryAsync(sql, { format: 'JSONEachRow' });
      return result
        .text()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as R);
    },
    /** Waits until `count` logs match, for senders that do not tell when they are done (syslog, UDP). */
    async waitFor(accountId: number, count: number, where = '1', timeoutMs = 10_000): Promise<StoredLog[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const logs = await this.logs(accountId, where);
        if (logs.length >= count || Date.now() > deadline) return logs;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close(): void {
      session.close();
    },
  };
}

export type LogReader = ReturnType<typeof openLogReader>;
