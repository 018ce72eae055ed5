import { randomUUID } from 'node:crypto';
import type { Logger } from '../shared/logger.js';
import type { EncodedLogs, LogWriter } from '../storage/log-store.js';
import { ingestErrors } from './ingest-errors.js';

export interface BatcherDeps {
  readonly store: Pick<LogWriter, 'write'>;
  readonly logger: Logger;
  /** Told each batch's write time and rows. */
  readonly onBatchWritten?: (durationMs: number, rows: number) => void;
  /** A store batch closes at this many rows (a single larger request still goes whole). */
  readonly maxBatchRows?: number;
  /** How long the first request of a batch waits for others to join it. */
  readonly lingerMs?: number;
  /**
   * Batches written at once: with two, the next batch is encoded while the engine stores the previous one
   * (one ingest Session stores them one after the other).
   */
  readonly maxBatchesInFlight?: number;
  /** Bytes of logs waiting for the store beyond which new requests are refused (back-pressure). */
  readonly maxQueuedBytes?: number;
  /** Waits between attempts of a failed append, retried with the same dedup token. */
  readonly retryDelaysMs?: readonly number[];
}

interface Submission {
  readonly logs: EncodedLogs;
  readonly bytes: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export interface BatcherStats {
  readonly queuedBytes: number;
  readonly queuedRequests: number;
  readonly batches: number;
}

export type Batcher = ReturnType<typeof createBatcher>;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Group commit in front of `LogStore.write`: concurrent requests share one store batch (closed by
 * `maxBatchRows` or `lingerMs`), at most `maxBatchesInFlight` batches are written at a time, and every request's promise settles only
 * when its own batch is durable. A request is never split across batches, so a crash leaves a request
 * either wholly stored or not at all. Queued bytes are bounded: beyond `maxQueuedBytes` requests are
 * refused at once rather than buffered (docs/decisions/0143-ingest-batching.md).
 */
export function createBatcher(deps: BatcherDeps) {
  const maxBatchRows = deps.maxBatchRows ?? 100_000;
  const lingerMs = deps.lingerMs ?? 200;
  const maxInFlight = deps.maxBatchesInFlight ?? 2;
  const maxQueuedBytes = deps.maxQueuedBytes ?? 64 * 1024 * 1024;
  const retryDelaysMs = deps.retryDelaysMs ?? [100, 500];
  const queue: Submission[] = [];
  let queuedBytes = 0;
  /** Rows waiting in the queue, not yet taken into a batch. */
  let pendingRows = 0;
  let writing = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let batches = 0;
  let idleWaiters: (() => void)[] = [];

  function takeBatch(): Submission[] {
    const batch: Submission[] = [];
    let rows = 0;
    while (queue.length > 0) {
      const next = queue[0];
      if (next === undefined || (batch.length > 0 && rows + next.logs.rowCount > maxBatchRows)) break;
      batch.push(next);
      rows += next.logs.rowCount;
      queue.shift();
    }
    pendingRows -= rows;
    return batch;
  }

  async function writeWithRetry(logs: readonly EncodedLogs[], rows: number): Promise<void> {
    const dedupToken = randomUUID();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await deps.store.write(logs, { dedupToken });
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) throw error;
        deps.logger.warn({ err: error, attempt: attempt + 1, rows }, 'log store write failed; retrying');
        await sleep(delay);
      }
    }
  }

  async function writeNext(): Promise<void> {
    const batch = takeBatch();
    const rows = batch.reduce((sum, submission) => sum + submission.logs.rowCount, 0);
    const started = performance.now();
    try {
      await writeWithRetry(
        batch.map((submission) => submission.logs),
        rows,
      );
      batches += 1;
      deps.onBatchWritten?.(performance.now() - started, rows);
      for (const submission of batch) submission.resolve();
    } catch (error) {
      deps.logger.error({ err: error, rows }, 'log store write failed');
      const failure = ingestErrors.logStoreUnavailable(error);
      for (const submission of batch) submission.reject(failure);
    } finally {
      for (const submission of batch) queuedBytes -= submission.bytes;
    }
  }

  function schedule(): void {
    if (queue.length === 0) {
      if (writing === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      }
      return;
    }
    // A finishing write takes what waits at once.
    if (writing >= maxInFlight) return;
    if (pendingRows >= maxBatchRows || closed) flushNow();
    else timer ??= setTimeout(flushNow, lingerMs);
  }

  function flushNow(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (writing >= maxInFlight || queue.length === 0) return;
    writing += 1;
    void writeNext().finally(() => {
      writing -= 1;
      // What arrived while writing forms the next batch at once: under load, batches grow by themselves.
      if (queue.length > 0) flushNow();
      else schedule();
    });
    // A second full batch (or the linger of what is left) while this one is written.
    schedule();
  }

  return {
    /**
     * Resolves once the logs (`bytes` as received) are durable in the store; rejects `unavailable` when
     * overloaded or failing.
     */
    submit(logs: EncodedLogs, bytes: number): Promise<void> {
      if (logs.rowCount === 0) return Promise.resolve();
      if (closed) return Promise.reject(ingestErrors.stopping());
      if (queuedBytes > 0 && queuedBytes + bytes > maxQueuedBytes) return Promise.reject(ingestErrors.overloaded(1));
      return new Promise<void>((resolve, reject) => {
        queue.push({ logs, bytes, resolve, reject });
        queuedBytes += bytes;
        pendingRows += logs.rowCount;
        schedule();
      });
    },

    /** True when new work would be refused: listeners answer at once, before reading a body. */
    isOverloaded(): boolean {
      return queuedBytes >= maxQueuedBytes;
    },

    stats(): BatcherStats {
      return { queuedBytes, queuedRequests: queue.length, batches };
    },

    /** Refuses new work, writes everything queued and waits until the last batch is durable. */
    async drain(): Promise<void> {
      closed = true;
      if (queue.length === 0 && writing === 0) return;
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      flushNow();
      await idle;
    },
  };
}
