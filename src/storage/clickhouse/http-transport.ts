/**
 * A ClickHouse server (or cluster entry point) over HTTP with @clickhouse/client. Credentials and the
 * database come from the URL (`https://user:pass@host:8443/logward`).
 */
import { Readable } from 'node:stream';
import { createClient } from '@clickhouse/client';
import { sqlIdentifier } from './sql-literals.js';
import { querySettingsWith, type ClickHouseTransport, type EngineShares, type QueryLimits, type QuerySettings } from './transport.js';
import { withoutLoneSurrogates } from './lone-surrogates.js';

export interface HttpTransportOptions {
  readonly url: string;
  readonly limits: QueryLimits;
  /** Concurrent HTTP requests (the client's socket pool). */
  readonly maxConnections: number;
  readonly requestTimeoutMs: number;
  readonly shares: EngineShares;
}

export function openHttpTransport(options: HttpTransportOptions): ClickHouseTransport {
  const client = createClient({
    url: options.url,
    max_open_connections: options.maxConnections,
    request_timeout: options.requestTimeoutMs,
    compression: { request: false, response: false },
  });
  return {
    shares: options.shares,
    async exec(sql, settings) {
      await client.command({ query: sql, clickhouse_settings: { ...settings } });
    },
    async insertJsonEachRow(table, rows, settings) {
      // Raw bytes through exec: insert() would want row objects and JSON.stringify each one again.
      const result = await client.exec({
        query: `INSERT INTO ${sqlIdentifier(table)} FORMAT JSONEachRow`,
        values: Readable.from([withoutLoneSurrogates(rows)], { objectMode: false }),
        clickhouse_settings: { ...settings },
      });
      // Draining the (empty) answer releases the socket; the insert is done once the response ended.
      for await (const _chunk of result.stream) void _chunk;
    },
    async query<Row>(sql: string, settings?: QuerySettings) {
      const result = await client.query({
        query: sql,
        format: 'JSONEachRow',
        clickhouse_settings: { ...querySettingsWith(options.limits, settings) },
      });
      return result.json<Row>();
    },
    async ping() {
      const result = await client.ping();
      if (!result.success) throw result.error;
    },
    async close() {
      await client.close();
    },
  };
}
