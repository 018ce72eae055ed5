/**
 * A ClickHouse server (or cluster entry point) over HTTP with @clickhouse/client. Credentials and the
 * database come from the URL (`https://user:pass@host:8443/logward`).
 */
import { Readable } from 'node:stream';
import { createClient, type ErrorLogParams, type Logger, type WarnLogParams } from '@clickhouse/client';
import { sqlIdentifier, sqlString } from './sql-literals.js';
import {
  MEMORY_TRACKING_SQL,
  memoryTrackingOf,
  querySettingsWith,
  StatementCancelledError,
  statementTag,
  type ClickHouseTransport,
  type EngineShares,
  type QueryLimits,
  type QuerySettings,
  type StatementOptions,
} from './transport.js';
import { withoutLoneSurrogates } from './lone-surrogates.js';
import { untilKilled } from './statement-kill.js';

export interface HttpTransportOptions {
  readonly url: string;
  readonly limits: QueryLimits;
  /** Concurrent HTTP requests (the client's socket pool). */
  readonly maxConnections: number;
  readonly requestTimeoutMs: number;
  readonly shares: EngineShares;
  /**
   * The ClickHouse cluster behind the URL (decision 0723): a KILL is sent ON CLUSTER, since a balancer may hand it to
   * another server than the one running the statement (and a distributed statement runs on every shard).
   */
  readonly cluster?: string;
}

/**
 * The client's console logging (warnings and errors, as its default logger), less the statements Logward itself
 * stopped (QUERY_WAS_CANCELLED): a search nobody waits for any more is no error.
 */
class QuietOnCancelLogger implements Logger {
  trace(): void {}
  debug(): void {}
  info(): void {}
  warn({ module, message, args, err }: WarnLogParams): void {
    console.warn(`[@clickhouse/client][${module}] ${message}`, ...[args, err].filter((part) => part !== undefined));
  }
  error({ module, message, args, err }: ErrorLogParams): void {
    if ((err as { code?: unknown }).code === '394') return;
    console.error(`[@clickhouse/client][${module}] ${message}`, ...[args, err].filter((part) => part !== undefined));
  }
}

/** Stops the statement tagged `tag` (its query id, or the log_comment its shards' statements inherit). */
export function killSql(tag: string, cluster?: string): string {
  const onCluster = cluster === undefined ? '' : ` ON CLUSTER ${sqlIdentifier(cluster)}`;
  return `KILL QUERY${onCluster} WHERE query_id = ${sqlString(tag)} OR Settings['log_comment'] = ${sqlString(tag)} ASYNC`;
}

export function openHttpTransport(options: HttpTransportOptions): ClickHouseTransport {
  const client = createClient({
    url: options.url,
    log: { LoggerClass: QuietOnCancelLogger },
    max_open_connections: options.maxConnections,
    request_timeout: options.requestTimeoutMs,
    compression: { request: false, response: false },
  });
  // Kills cancelled statements and reads the engine's memory for /metrics on a connection of its own: the pool's may
  // all be busy with statements.
  let control: ReturnType<typeof createClient> | undefined;
  const controlClient = (): ReturnType<typeof createClient> =>
    (control ??= createClient({
      url: options.url,
      max_open_connections: 1,
      request_timeout: options.requestTimeoutMs,
      compression: { request: false, response: false },
    }));
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
    async query<Row>(sql: string, settings?: QuerySettings, statement?: StatementOptions) {
      const signal = statement?.signal;
      if (signal === undefined) {
        const result = await client.query({
          query: sql,
          format: 'JSONEachRow',
          clickhouse_settings: { ...querySettingsWith(options.limits, settings) },
        });
        return result.json<Row>();
      }
      if (signal.aborted) throw new StatementCancelledError();
      // The request is left open until the server answers it: a connection of the pool is free only once the
      // statement has stopped. A server also stops it when this process dies and the connection closes.
      const tag = statementTag();
      const running = client
        .query({
          query: sql,
          format: 'JSONEachRow',
          query_id: tag,
          clickhouse_settings: {
            ...querySettingsWith(options.limits, settings),
            log_comment: tag,
            cancel_http_readonly_queries_on_client_close: 1,
          },
        })
        .then((result) => result.json<Row>());
      const kill = (): Promise<void> =>
        controlClient()
          .command({ query: killSql(tag, options.cluster) })
          .then(() => undefined);
      return untilKilled(running, signal, kill);
    },
    async memoryTracking(timeoutMs) {
      const result = await controlClient().query({
        query: MEMORY_TRACKING_SQL,
        format: 'JSONEachRow',
        abort_signal: AbortSignal.timeout(timeoutMs),
      });
      return memoryTrackingOf(await result.json<{ bytes?: unknown }>());
    },
    async ping() {
      const result = await client.ping();
      if (!result.success) throw result.error;
    },
    async close() {
      await Promise.all([client.close(), control?.close()]);
    },
  };
}
