/**
 * A ClickHouse server (or cluster entry point) over HTTP with @clickhouse/client. Credentials and the
 * database come from the URL (`https://user:pass@host:8443/logward`).
 */
import { Readable } from 'node:stream';
import { createClient } from '@clickhouse/client';
import { querySettingsWith, type ClickHouseTransport, type QueryLimits, type QuerySettings } from './transport.js';

export interface HttpTransportOptions {
  readonly url: string;
  readonly limits: QueryLimits;
  /** Concurrent HTTP requests (the client's socket pool). */
  readonly maxConnections: number;
  readonly requestTimeoutMs: number;
}

export function openHttpTransport(options: HttpTransportOptions): ClickHouseTransport {
  const client = createClient({
    url: options.url,
    max_open_connections: options.maxConnections,
    request_timeout: options.requestTimeoutMs,
    compression: { request: false, response: false },
  });
  return {
    async exec(sql, settings) {
      await client.command({ query: sql, clickhouse_settings: { ...settings } });
    },
    async insertJsonEachRow(table, rows, settings) {
      // Raw bytes, not row objects: the client would JSON.stringify each object again.
      await client.insert({ table, values: Readable.from([rows]), format: 'JSONEachRow', clickhouse_settings: { ...settings } });
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
