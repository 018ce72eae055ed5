/**
 * Opens the log store a URL names: `chdb:<path>` (ClickHouse embedded in this process) or
 * `http(s)://…` (a ClickHouse server). The only place that picks a transport.
 */
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { openChdbTransport } from './clickhouse/chdb-transport.js';
import { createClickHouseLogStore } from './clickhouse/clickhouse-log-store.js';
import { openHttpTransport } from './clickhouse/http-transport.js';
import { searchRules } from './clickhouse/search/rules/search-rules.js';
import type { ClickHouseTransport, QueryLimits } from './clickhouse/transport.js';
import type { LogStore, StatementObserver } from './log-store.js';
import type { SharedAdmission } from './shared-admission.js';
import type { WordCountLimits } from './clickhouse/search/word-counts/word-count-builder.js';

export type { WordCountLimits };

export interface LogStoreConfig {
  /** `chdb:<path>` or an `http(s)://` ClickHouse URL. */
  readonly url: string;
  /** The embedded engine's memory budget (`max_server_memory_usage`); also caps one query at half of it. */
  readonly memoryBytes: number;
  /** Engine-side time limit of one query. */
  readonly queryTimeoutSeconds?: number;
  /** chDB Sessions serving queries (besides the one for ingest); also the query concurrency. */
  readonly querySessions?: number;
  /** Which accounts' parts and words the word counts hold (decision 0197); the store's defaults where absent. */
  readonly wordCountLimits?: WordCountLimits;
  /** Search speed rules switched off by name (search/rules/search-rules.ts); all on where absent. */
  readonly searchRulesOff?: readonly string[];
  /** The ClickHouse cluster the tables are made on (http(s) only; decision 0723); one server where absent. */
  readonly cluster?: string;
}

export interface LogStoreDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /** Told of every statement the store admits, by lane (the process's /metrics). */
  readonly statements?: StatementObserver;
  /**
   * The other processes sharing a ClickHouse server, whose statements the admission counts (decision 0740).
   * Ignored for `chdb:`: the embedded engine is this process's alone.
   */
  readonly sharedAdmission?: SharedAdmission;
}

const DEFAULT_QUERY_TIMEOUT_SECONDS = 30;
const DEFAULT_QUERY_SESSIONS = 3;

export function openLogStoreTransport(config: LogStoreConfig): ClickHouseTransport {
  const limits: QueryLimits = {
    maxExecutionSeconds: config.queryTimeoutSeconds ?? DEFAULT_QUERY_TIMEOUT_SECONDS,
    maxMemoryBytes: Math.trunc(config.memoryBytes / 2),
  };
  if (config.url.startsWith('chdb:')) {
    if (config.cluster !== undefined) throw new Error('an embedded chDB log store has no ClickHouse cluster');
    return openChdbTransport({
      path: config.url.slice('chdb:'.length),
      memoryBytes: config.memoryBytes,
      querySessions: config.querySessions ?? DEFAULT_QUERY_SESSIONS,
      limits,
    });
  }
  if (/^https?:\/\//.test(config.url)) {
    return openHttpTransport({
      url: config.url,
      ...(config.cluster === undefined ? {} : { cluster: config.cluster }),
      limits,
      maxConnections: (config.querySessions ?? DEFAULT_QUERY_SESSIONS) + 2,
      shares: { memoryBytes: config.memoryBytes, slots: config.querySessions ?? DEFAULT_QUERY_SESSIONS },
      requestTimeoutMs: (limits.maxExecutionSeconds + 30) * 1000,
    });
  }
  throw new Error(`log store URL must be chdb:<path> or http(s)://…, got ${config.url.split(':')[0] ?? ''}:…`);
}

export async function openLogStore(config: LogStoreConfig, deps: LogStoreDeps): Promise<LogStore> {
  const transport = openLogStoreTransport(config);
  try {
    // The embedded engine's directory is this process's alone: every insert into it is one of the store's.
    return await createClickHouseLogStore({
      transport,
      clock: deps.clock,
      logger: deps.logger,
      soleWriter: config.url.startsWith('chdb:'),
      searchRules: searchRules(config.searchRulesOff ?? []),
      ...(deps.statements === undefined ? {} : { statements: deps.statements }),
      ...(deps.sharedAdmission === undefined || config.url.startsWith('chdb:') ? {} : { sharedAdmission: deps.sharedAdmission }),
      ...(config.cluster === undefined ? {} : { cluster: config.cluster }),
      ...(config.wordCountLimits === undefined ? {} : { wordCountLimits: config.wordCountLimits }),
    });
  } catch (error) {
    await transport.close();
    throw error;
  }
}
