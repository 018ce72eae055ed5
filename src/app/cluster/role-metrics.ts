import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CycleReport } from '../../detection/index.js';
import type { IngestMetrics } from '../../ingest/index.js';
import { STATEMENT_LANES, STATEMENT_OUTCOMES, type EngineStats, type StatementObserver } from '../../storage/engine-stats.js';

/**
 * The Prometheus metrics of every role (issue 51): served at /metrics on the API port, the listener port and the
 * ops port alike. HTTP metrics of the API are added by the API server itself (src/http/plugins/http-metrics.ts).
 */
export interface RoleMetrics {
  readonly registry: Registry;
  readonly ingest: IngestMetrics;
  /** Engine statements admitted by the log store, by lane (give it to the store when it is opened). */
  readonly engine: StatementObserver;
  detectionCycle(report: CycleReport): void;
  jobRan(job: string, outcome: 'ok' | 'failed' | 'aborted', durationMs: number): void;
  /** Reads gauges when scraped: queued ingest bytes, running jobs and lease holders. */
  observe(sources: RoleGauges): void;
}

export interface RoleGauges {
  readonly queuedBytes: () => number;
  readonly queuedRequests: () => number;
  readonly runningJobs: () => readonly string[];
  readonly leaseHolders: () => Promise<readonly { job: string; heldByThisProcess: boolean; expiresInMs: number }[]>;
  /** The log store's engine load and memory. */
  readonly engine: EngineStats;
}

export interface RoleMetricsOptions {
  /** This process runs searches (api or scheduler role): its /metrics shows the engine's (issue 51 item 4). */
  readonly engine: boolean;
}

/** A scrape waits at most this long for the engine's memory; past it the gauge keeps its last value. */
export const ENGINE_MEMORY_READ_BOUND_MS = 250;

export function createRoleMetrics(options: RoleMetricsOptions = { engine: true }): RoleMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'logward_' });
  const registers = [registry];
  // Made either way, so the store can always be told; served only by processes that run searches.
  const engineRegisters = options.engine ? registers : [];
  const admitted = new Counter({
    name: 'logward_engine_statements_admitted_total',
    help: 'Engine statements admitted to run (searches and detection questions), by lane (interactive, background)',
    labelNames: ['lane'],
    registers: engineRegisters,
  });
  const queueWait = new Histogram({
    name: 'logward_engine_queue_wait_seconds',
    help: 'How long each admitted engine statement waited for its turn (fair queue, and the gate before background work)',
    labelNames: ['lane'],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: engineRegisters,
  });
  const statementSeconds = new Histogram({
    name: 'logward_engine_statement_duration_seconds',
    help: 'Duration of admitted engine statements, by lane and outcome (ok, error, cancelled, timed_out)',
    labelNames: ['lane', 'outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: engineRegisters,
  });
  // Every series from the start, so that rate() and absent() see them before the first statement.
  for (const lane of STATEMENT_LANES) {
    admitted.inc({ lane }, 0);
    queueWait.zero({ lane });
    for (const outcome of STATEMENT_OUTCOMES) statementSeconds.zero({ lane, outcome });
  }
  const logs = new Counter({ name: 'logward_ingest_logs_total', help: 'Logs accepted (stored) by this process', registers });
  const bytes = new Counter({ name: 'logward_ingest_bytes_total', help: 'Bytes of logs accepted (daily-cap bytes)', registers });
  const refused = new Counter({
    name: 'logward_ingest_refused_logs_total',
    help: 'Logs of requests refused whole, by reason (daily-cap, unavailable)',
    labelNames: ['reason'],
    registers,
  });
  const batch = new Histogram({
    name: 'logward_ingest_batch_write_seconds',
    help: 'Time to write one batch to the log store',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const batchRows = new Counter({ name: 'logward_ingest_batch_rows_total', help: 'Rows written in batches', registers });
  const cycles = new Counter({ name: 'logward_detection_cycles_total', help: 'Detection cycles run by this process', registers });
  const rules = new Gauge({ name: 'logward_detection_rules', help: 'Enabled rules of every kind at the last cycle', registers });
  const windows = new Counter({ name: 'logward_detection_windows_judged_total', help: 'Rule windows judged', registers });
  const firings = new Counter({ name: 'logward_detection_firings_total', help: 'Firings recorded', registers });
  const failures = new Counter({ name: 'logward_detection_failures_total', help: 'Rule evaluations that failed', registers });
  const dispatched = new Counter({
    name: 'logward_detection_dispatched_total',
    help: 'Firings whose notifications were sent or suppressed',
    registers,
  });
  const lag = new Histogram({
    name: 'logward_detection_lag_seconds',
    help: 'How long after a window became due (end + settle delay) its judgement was stored',
    buckets: [1, 5, 15, 30, 60, 120, 300, 900],
    registers,
  });
  const jobRuns = new Counter({
    name: 'logward_scheduler_job_runs_total',
    help: 'Scheduled job runs by outcome',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'logward_scheduler_job_seconds',
    help: 'Duration of scheduled job runs',
    labelNames: ['job'],
    buckets: [0.1, 1, 5, 15, 30, 60, 300],
    registers,
  });
  let sources: RoleGauges | undefined;
  new Gauge({
    name: 'logward_ingest_queued_bytes',
    help: 'Bytes of accepted requests waiting for the log store',
    registers,
    collect() {
      this.set(sources?.queuedBytes() ?? 0);
    },
  });
  new Gauge({
    name: 'logward_ingest_queued_requests',
    help: 'Requests waiting for the log store',
    registers,
    collect() {
      this.set(sources?.queuedRequests() ?? 0);
    },
  });
  new Gauge({
    name: 'logward_scheduler_job_running',
    help: 'Jobs this process runs now (it holds their lease)',
    labelNames: ['job'],
    registers,
    collect() {
      this.reset();
      for (const job of sources?.runningJobs() ?? []) this.set({ job }, 1);
    },
  });
  new Gauge({
    name: 'logward_scheduler_lease_expires_in_seconds',
    help: 'Seconds until each held lease expires unless renewed; label self=1 when this process holds it',
    labelNames: ['job', 'self'],
    registers,
    async collect() {
      this.reset();
      for (const lease of (await sources?.leaseHolders()) ?? []) {
        this.set({ job: lease.job, self: lease.heldByThisProcess ? '1' : '0' }, lease.expiresInMs / 1000);
      }
    },
  });

  new Gauge({
    name: 'logward_engine_statements_running',
    help: 'Engine statements running now, by lane',
    labelNames: ['lane'],
    registers: engineRegisters,
    collect() {
      const load = sources?.engine.statementLoad();
      for (const lane of STATEMENT_LANES) this.set({ lane }, load?.[lane].running ?? 0);
    },
  });
  new Gauge({
    name: 'logward_engine_statements_waiting',
    help: 'Engine statements waiting for their turn now, by lane',
    labelNames: ['lane'],
    registers: engineRegisters,
    collect() {
      const load = sources?.engine.statementLoad();
      for (const lane of STATEMENT_LANES) this.set({ lane }, load?.[lane].waiting ?? 0);
    },
  });
  // The registry reads every metric at once: the failure count waits for this scrape's read, made by the gauge
  // (registered first, so its read has begun).
  let memoryRead: Promise<void> = Promise.resolve();
  let memoryReadsFailed = 0;
  let memoryReadsFailedShown = 0;
  new Gauge({
    name: 'logward_engine_memory_bytes',
    help: "Memory the log store's engine tracks (ClickHouse system.metrics MemoryTracking), read at scrape time",
    registers: engineRegisters,
    async collect() {
      const engine = sources?.engine;
      if (engine === undefined) return;
      memoryRead = engine.engineMemoryBytes(ENGINE_MEMORY_READ_BOUND_MS).then(
        (bytes) => {
          if (bytes === undefined) memoryReadsFailed += 1;
          else this.set(bytes);
        },
        () => void (memoryReadsFailed += 1),
      );
      await memoryRead;
    },
  });
  new Counter({
    name: 'logward_engine_memory_read_failures_total',
    help: `Scrapes whose read of the engine's memory failed or took over ${ENGINE_MEMORY_READ_BOUND_MS} ms (the gauge kept its last value)`,
    registers: engineRegisters,
    async collect() {
      await memoryRead;
      this.inc(memoryReadsFailed - memoryReadsFailedShown);
      memoryReadsFailedShown = memoryReadsFailed;
    },
  });

  return {
    registry,
    engine: {
      admitted(lane, waitedMs) {
        admitted.inc({ lane });
        queueWait.observe({ lane }, waitedMs / 1000);
      },
      finished(lane, outcome, durationMs) {
        statementSeconds.observe({ lane, outcome }, durationMs / 1000);
      },
    },
    ingest: {
      accepted(count, size) {
        logs.inc(count);
        bytes.inc(size);
      },
      refused(reason, count) {
        refused.inc({ reason }, count);
      },
      batchWritten(durationMs, rows) {
        batch.observe(durationMs / 1000);
        batchRows.inc(rows);
      },
    },
    detectionCycle(report) {
      cycles.inc();
      rules.set(report.rules);
      windows.inc(report.windowsJudged);
      firings.inc(report.firings);
      failures.inc(report.failures);
      dispatched.inc(report.dispatched);
      for (const ms of report.lagsMs) lag.observe(ms / 1000);
    },
    jobRan(job, outcome, durationMs) {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, durationMs / 1000);
    },
    observe(next) {
      sources = next;
    },
  };
}
