import { randomUUID } from 'node:crypto';
import { AppError } from '../shared/app-error.js';
import type { Logger } from '../shared/logger.js';
import type { LogDocument, LogStore } from '../storage/log-store.js';

export interface BatcherDeps {
  readonly store: Pick<LogStore, 'append'>;
  readonly logger: Logger;
  /** A store batch closes at this many rows (a single larger request still goes whole). */
  readonly maxBatchRows?: number;
  /** How long the first request of a batch waits for others to join it. */
  readonly lingerMs?: number;
  /** Bytes of logs waiting for the store beyond which new requests are refused (back-pressure). */
  readonly maxQueuedBytes?: number;
  /** Waits between attempts of a failed append, retried with the same dedup token. */
  readonly retryDelaysMs?: readonly number[];
}

interface Submission {
  readonly documents: readonly LogDocument[];
  readonly accountId: number;
  readonly retentionDays: number;
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

export function overloaded(retryAfterSeconds = 1): AppError {
  return new AppError('unavailable', 'The log store is behind; retry shortly', { wireCode: 'LISTENER_OVERLOADED', retryAfterSeconds });
}

/**
 * Group commit in front of `LogStore.append`: concurrent requests share one store batch (closed by
 * `maxBatchRows` or `lingerMs`), one batch is written at a time, and every request's promise settles only
 * when its own batch is durable. A request is never split across batches, so a crash leaves a request
 * either wholly stored or not at all. Queued bytes are bounded: beyond `maxQueuedBytes` requests are
 * refused at once rather than buffered (docs/decisions/0143-ingest-batching.md).
 */
export function createBatcher(deps: BatcherDeps) {
  const maxBatchRows = deps.maxBatchRows ?? 10_000;
  const lingerMs = deps.lingerMs ?? 200;
  const maxQueuedBytes = deps.maxQueuedBytes ?? 64 * 1024 * 1024;
  const retryDelaysMs = deps.retryDelaysMs ?? [100, 500];
  const queue: Submission[] = [];
  let queuedBytes = 0;
  let queuedRows = 0;
  let writing = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let batches = 0;
  let idleWaiters: (() => void)[] = [];

  function takeBatch(): Submission[] {
    const batch: Submission[] = [];
    let rows = 0;
    while (queue.length > 0) {
      const next = queue[0];
      if (next === undefined || (batch.length > 0 && rows + next.documents.length > maxBatchRows)) break;
      batch.push(next);
      rows += next.documents.length;
      queue.shift();
    }
    return batch;
  }

  async function appendWithRetry(documents: LogDocument[], retention: ReadonlyMap<number, number>): Promise<void> {
    const dedupToken = randomUUID();
    const retentionDaysOf = (accountId: number): number => retention.get(accountId) ?? 30;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await deps.store.append(documents, { dedupToken, retentionDaysOf });
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) throw error;
        deps.logger.warn({ err: error, attempt: attempt + 1, rows: documents.length }, 'log store append failed; retrying');
        await sleep(delay);
      }
    }
  }

  async function writeNext(): Promise<void> {
    const batch = takeBatch();
    const documents: LogDocument[] = [];
    const retention = new Map<number, number>();
    for (const submission of batch) {
      for (const document of submission.documents) documents.push(document);
      retention.set(submission.accountId, submission.retentionDays);
    }
    try {
      await appendWithRetry(documents, retention);
      batches += 1;
      for (const submission of batch) submission.resolve();
    } catch (error) {
      deps.logger.error({ err: error, rows: documents.length }, 'log store append failed');
      const failure = new AppError('unavailable', 'The log store could not store the logs; retry shortly', { wireCode: 'LOG_STORE_UNAVAILABLE', retryAfterSeconds: 5, cause: error });
      for (const submission of batch) submission.reject(failure);
    } finally {
      for (const submission of batch) {
        queuedBytes -= submission.bytes;
        queuedRows -= submission.documents.length;
      }
    }
  }

  function schedule(): void {
    if (writing || queue.length === 0) {
      if (!writing && queue.length === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      }
      return;
    }
    if (queuedRows < maxBatchRows && !closed && timer === undefined) {
      timer = setTimeout(flushNow, lingerMs);
      return;
    }
    if (queuedRows >= maxBatchRows || closed) flushNow();
  }

  function flushNow(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (writing || queue.length === 0) return;
    writing = true;
    void writeNext().finally(() => {
      writing = false;
      // What arrived while writing forms the next batch at once: under load, batches grow by themselves.
      if (queue.length > 0) flushNow();
      else schedule();
    });
  }

  return {
    /** Resolves once the documents are durable in the store; rejects `unavailable` when overloaded or failing. */
    submit(documents: readonly LogDocument[], account: { readonly accountId: number; readonly retentionDays: number }): Promise<void> {
      if (documents.length === 0) return Promise.resolve();
      if (closed) return Promise.reject(new AppError('unavailable', 'The listener is shutting down', { wireCode: 'LISTENER_STOPPING', retryAfterSeconds: 5 }));
      let bytes = 0;
      for (const document of documents) bytes += document.sizeBytes;
      if (queuedBytes > 0 && queuedBytes + bytes > maxQueuedBytes) return Promise.reject(overloaded());
      return new Promise<void>((resolve, reject) => {
        queue.push({ documents, accountId: account.accountId, retentionDays: account.retentionDays, bytes, resolve, reject });
        queuedBytes += bytes;
        queuedRows += documents.length;
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
      if (queue.length === 0 && !writing) return;
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      flushNow();
      await idle;
    },
  };
}
