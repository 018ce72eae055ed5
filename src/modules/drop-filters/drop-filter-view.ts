import { Counter } from 'prom-client';
import { startOfUtcDay, type Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { dropFilterRepository, type DropCounts } from './drop-filter-repository.js';

const BYTES_PER_GB = 1024 ** 3;

export interface DropFilterViewDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  /**
   * The longest a change made through another process goes unseen here (decision 0690): the generation row is read
   * at most this often. Changes made through this process are seen at once.
   */
  readonly refreshMs: number;
  /** How often counts are added to the control plane. */
  readonly flushIntervalMs: number;
  /** Monotonic milliseconds for the refresh bound (wall-clock jumps and a test's manual clock must not freeze it). */
  readonly monotonicNow?: () => number;
}

/**
 * An active filter as the listener applies it (the ingest area's `IngestDropFilter`, matched structurally: modules do
 * not import the ingest area).
 */
export interface ActiveDropFilter {
  readonly id: string;
  readonly logType: string | undefined;
  readonly conditions: readonly { readonly fieldName: string; readonly value: string }[];
}

/** What the ingest area asks (its `DropFilterPort`). */
export interface DropFilterViewPort {
  activeFor(accountId: number): Promise<readonly ActiveDropFilter[]>;
  drops(filter: { readonly id: string }, accountId: number, sizeBytes: number): boolean;
}

interface Snapshot {
  readonly generation: number;
  readonly day: number;
  readonly byAccount: ReadonlyMap<number, readonly ActiveDropFilter[]>;
  /** Per filter, its daily threshold in bytes; 0: every matching log is dropped. */
  readonly thresholds: ReadonlyMap<string, number>;
  /** Bytes each filter matched today, as loaded plus what this process matched since. */
  readonly matched: Map<string, number>;
}

/**
 * Each ingest process's view of the active drop filters: loaded whole, reloaded when the generation row moved
 * (read at most every `refreshMs`) or the UTC day turned, and at once after a change made through this process.
 * Drops are counted here (metrics at once, the control plane every `flushIntervalMs`).
 */
export function createDropFilterView(deps: DropFilterViewDeps) {
  const { db, clock, logger } = deps;
  const monotonicNow = deps.monotonicNow ?? (() => performance.now());
  const droppedLogsMetric = new Counter({
    name: 'logward_drop_filter_dropped_logs_total',
    help: 'Logs dropped by each drop filter before they were stored',
    labelNames: ['account', 'filter'],
    registers: [],
  });
  const droppedBytesMetric = new Counter({
    name: 'logward_drop_filter_dropped_bytes_total',
    help: 'Bytes of the logs dropped by each drop filter',
    labelNames: ['account', 'filter'],
    registers: [],
  });
  let snapshot: Snapshot | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<Snapshot> | undefined;
  let stale = true;
  const pending = new Map<string, DropCounts>();

  async function load(): Promise<Snapshot> {
    const generation = await dropFilterRepository.generation(db);
    const day = startOfUtcDay(clock.now());
    if (snapshot !== undefined && !stale && snapshot.generation === generation && snapshot.day === day) return snapshot;
    const rows = await dropFilterRepository.listActive(db, day);
    const byAccount = new Map<number, ActiveDropFilter[]>();
    const thresholds = new Map<string, number>();
    const matched = new Map<string, number>();
    for (const { filter, matchedBytes } of rows) {
      const active: ActiveDropFilter = {
        id: filter.id,
        logType: filter.logType,
        conditions: filter.fieldConditions.map((condition) => ({ fieldName: condition.fieldName, value: String(condition.value) })),
      };
      thresholds.set(filter.id, (filter.thresholdInGB ?? 0) * BYTES_PER_GB);
      byAccount.set(filter.accountId, [...(byAccount.get(filter.accountId) ?? []), active]);
      // What this process matched and has not flushed yet is not in the loaded figure.
      const unflushed = pending.get(filter.id);
      matched.set(filter.id, matchedBytes + (unflushed?.day === day ? unflushed.matchedBytes : 0));
    }
    return { generation, day, byAccount, thresholds, matched };
  }

  async function current(): Promise<Snapshot> {
    const now = monotonicNow();
    const dayTurned = snapshot !== undefined && startOfUtcDay(clock.now()) !== snapshot.day;
    if (snapshot !== undefined && !stale && !dayTurned && now - checkedAt < deps.refreshMs) return snapshot;
    loading ??= (async () => {
      const wasStale = stale;
      stale = false;
      try {
        snapshot = await load();
        checkedAt = monotonicNow();
        return snapshot;
      } catch (error) {
        stale = stale || wasStale;
        throw error;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  /** Adds counts to what is waiting for the next flush (a new day starts the filter's entry afresh). */
  function add(delta: DropCounts): void {
    const entry = pending.get(delta.filterId);
    if (entry === undefined || entry.day !== delta.day) {
      pending.set(delta.filterId, delta);
      return;
    }
    pending.set(delta.filterId, {
      ...entry,
      droppedLogs: entry.droppedLogs + delta.droppedLogs,
      droppedBytes: entry.droppedBytes + delta.droppedBytes,
      matchedBytes: entry.matchedBytes + delta.matchedBytes,
    });
  }

  let flushing: Promise<void> = Promise.resolve();
  async function flushOnce(): Promise<void> {
    if (pending.size === 0) return;
    const counts = [...pending.values()];
    pending.clear();
    try {
      await dropFilterRepository.addCounts(db, counts);
    } catch (error) {
      counts.forEach(add);
      logger.warn({ err: error }, 'drop filter counts could not be written; will retry');
    }
  }
  const flush = (): Promise<void> => (flushing = flushing.then(flushOnce));
  const timer = setInterval(() => void flush(), deps.flushIntervalMs);
  timer.unref();

  const port: DropFilterViewPort = {
    async activeFor(accountId) {
      return (await current()).byAccount.get(accountId) ?? [];
    },
    drops(filter, accountId, sizeBytes) {
      const loaded = snapshot;
      if (loaded === undefined) return false;
      const thresholdBytes = loaded.thresholds.get(filter.id) ?? 0;
      let drop = true;
      let matchedBytes = 0;
      if (thresholdBytes > 0) {
        // Kept while today's matching logs sum to the threshold at most; each process adds what it matched.
        const matched = (loaded.matched.get(filter.id) ?? 0) + sizeBytes;
        loaded.matched.set(filter.id, matched);
        matchedBytes = sizeBytes;
        drop = matched > thresholdBytes;
      }
      add({ filterId: filter.id, day: loaded.day, droppedLogs: drop ? 1 : 0, droppedBytes: drop ? sizeBytes : 0, matchedBytes });
      if (drop) {
        const labels = { account: String(accountId), filter: filter.id };
        droppedLogsMetric.inc(labels);
        droppedBytesMetric.inc(labels, sizeBytes);
      }
      return drop;
    },
  };

  return {
    port,
    /** A change was made through this process: the next request reloads. */
    invalidate(): void {
      stale = true;
    },
    flush,
    metrics: [droppedLogsMetric, droppedBytesMetric] as const,
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type DropFilterView = ReturnType<typeof createDropFilterView>;
