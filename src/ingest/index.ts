import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import type { LogWriter } from '../storage/log-store.js';
import { createBatcher, type BatcherStats } from './batcher.js';
import { createDailyQuota, type UsageStore } from './daily-quota.js';
import type { DropFilterPort, DroppedLogKeeper } from './drop/drop-filter-port.js';
import { createIngestPipeline, type IncomingLog } from './ingest-pipeline.js';
import { NO_INGEST_METRICS, type IngestMetrics } from './ingest-metrics.js';
import { buildHttpListener } from './listeners/http-listener.js';
import { createSyslogListener } from './listeners/syslog-listener.js';
import { createShippingAccounts, type ShippingAccountsDeps } from './shipping-accounts.js';

export interface IngestDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: Pick<LogWriter, 'openEncoder' | 'write'>;
  readonly usage: UsageStore;
  readonly resolveShippingToken: ShippingAccountsDeps['resolveShippingToken'];
  readonly getAccount: ShippingAccountsDeps['getAccount'];
  /** Drop filters applied before logs are stored or counted (none without it). */
  readonly dropFilters?: DropFilterPort;
  /** Keeps what drop filters dropped for accounts that archive it (decision 0705). */
  readonly droppedLogs?: DroppedLogKeeper;
  /** Region of this server (LOGWARD_REGION). */
  readonly region: string;
  readonly metrics?: IngestMetrics;
  /** Tuning; the defaults follow chdb-notes.md (docs/decisions/0143-ingest-batching.md). */
  readonly tuning?: {
    readonly tokenCacheTtlMs?: number;
    readonly batchLingerMs?: number;
    readonly maxBatchRows?: number;
    readonly maxQueuedBytes?: number;
  };
}

export interface IngestPorts {
  readonly host: string;
  readonly listenerPort: number;
  readonly syslogTcpPort: number;
  readonly syslogUdpPort: number;
}

export type Ingest = ReturnType<typeof createIngest>;

/** The ingest role: listeners → decode → normalise → daily cap → batch → durable in the log store. */
export function createIngest(deps: IngestDeps) {
  const { logger, clock } = deps;
  const tuning = deps.tuning ?? {};
  const accounts = createShippingAccounts({
    resolveShippingToken: deps.resolveShippingToken,
    getAccount: deps.getAccount,
    region: deps.region,
    clock,
    ...(tuning.tokenCacheTtlMs === undefined ? {} : { cacheTtlMs: tuning.tokenCacheTtlMs }),
  });
  const quota = createDailyQuota({ usage: deps.usage, clock, logger });
  const metrics = deps.metrics ?? NO_INGEST_METRICS;
  const batcher = createBatcher({
    store: deps.store,
    logger,
    onBatchWritten: (durationMs, rows) => metrics.batchWritten(durationMs, rows),
    ...(tuning.batchLingerMs === undefined ? {} : { lingerMs: tuning.batchLingerMs }),
    ...(tuning.maxBatchRows === undefined ? {} : { maxBatchRows: tuning.maxBatchRows }),
    ...(tuning.maxQueuedBytes === undefined ? {} : { maxQueuedBytes: tuning.maxQueuedBytes }),
  });
  const pipeline = createIngestPipeline({
    quota,
    batcher,
    store: deps.store,
    clock,
    metrics,
    ...(deps.dropFilters === undefined ? {} : { dropFilters: deps.dropFilters }),
    ...(deps.droppedLogs === undefined ? {} : { droppedLogs: deps.droppedLogs }),
  });
  const http: FastifyInstance = buildHttpListener({ logger, clock, accounts, pipeline, batcher });
  const syslog = createSyslogListener({ logger, accounts, pipeline, clock });
  let started = false;
  let stopping: Promise<void> | undefined;

  async function stop(): Promise<void> {
    await http.close();
    if (started) await syslog.close();
    await batcher.drain();
    await quota.stop();
  }

  return {
    /** The listener server, for tests that inject requests. */
    http,
    stats(): BatcherStats {
      return batcher.stats();
    },
    /**
     * Logs Logward fetched itself on an account's behalf (S3 fetchers) take the listener's path: drop filters,
     * daily cap, batching. All or nothing, like one listener request; false when the account is gone or disabled.
     */
    async ingestForAccount(accountId: number, incoming: Iterable<IncomingLog>): Promise<boolean> {
      const account = await deps.getAccount(accountId);
      if (account === undefined || !account.active) return false;
      await pipeline.ingest(
        {
          accountId: account.id,
          accountName: account.name,
          maxDailyGB: account.maxDailyGB,
          docSizeSetting: account.docSizeSetting,
          retentionDays: account.retentionDays,
          region: account.region,
        },
        incoming,
      );
      return true;
    },
    async start(ports: IngestPorts): Promise<IngestPorts> {
      await http.listen({ host: ports.host, port: ports.listenerPort });
      const syslogPorts = await syslog.listen({ host: ports.host, tcpPort: ports.syslogTcpPort, udpPort: ports.syslogUdpPort });
      started = true;
      const listenerPort = (http.server.address() as AddressInfo).port;
      return { host: ports.host, listenerPort, syslogTcpPort: syslogPorts.tcpPort, syslogUdpPort: syslogPorts.udpPort };
    },
    /** Stops accepting, lets in-flight requests finish, writes every queued batch, then the usage counts. Idempotent. */
    stop(): Promise<void> {
      return (stopping ??= stop());
    },
  };
}

export type { UsageStore } from './daily-quota.js';
export type { IncomingLog } from './ingest-pipeline.js';
export type { DropFilterPort, IngestDropFilter, DropCondition, DroppedLog, DroppedLogKeeper } from './drop/drop-filter-port.js';
export type { IngestMetrics } from './ingest-metrics.js';
