import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { isAppError } from '../shared/app-error.js';
import type { EncodedLogs, LogStore, WriteOptions } from '../storage/log-store.js';
import { createBatcher } from './batcher.js';

const logger = pino({ level: 'silent' });

/** A request of `rows` logs as the store would have encoded them. */
const logs = (rows: number): EncodedLogs => ({ rowCount: rows });

/** A store whose writes the test holds open and releases, to watch what the batcher does meanwhile. */
function gatedStore() {
  const calls: { batches: readonly EncodedLogs[]; rows: number; options: WriteOptions; release: (error?: Error) => void }[] = [];
  const store: Pick<LogStore, 'write'> = {
    write: (batches, options) =>
      new Promise<void>((resolve, reject) => {
        const rows = batches.reduce((sum, batch) => sum + batch.rowCount, 0);
        calls.push({ batches, rows, options, release: (error) => (error === undefined ? resolve() : reject(error)) });
      }),
  };
  return { store, calls };
}

const tick = (ms = 5): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('batcher', () => {
  it('combines concurrent requests into one batch and settles each only when that batch is durable', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 20 });
    let settled = 0;
    const requests = [logs(3), logs(2), logs(4)].map((request) => batcher.submit(request, 300).then(() => (settled += 1)));
    await tick(40);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]?.rows, 9);
    assert.equal(calls[0]?.batches.length, 3);
    assert.equal(settled, 0);
    calls[0]?.release();
    await Promise.all(requests);
    assert.equal(settled, 3);
  });

  it('closes a batch at maxBatchRows without splitting a request, writes two at once, and batches what arrives meanwhile', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 1000, maxBatchRows: 10 });
    const first = [batcher.submit(logs(6), 1), batcher.submit(logs(6), 1)];
    await tick();
    // The second request alone is no full batch: it waits for its linger while the first is written.
    assert.deepEqual(
      calls.map((call) => call.rows),
      [6],
    );
    const more = [batcher.submit(logs(5), 1), batcher.submit(logs(1), 1)];
    await tick();
    // 6 + 5 pending reach the bound: a second batch is written beside the first, whole requests only.
    assert.deepEqual(
      calls.map((call) => call.rows),
      [6, 6],
    );
    const later = batcher.submit(logs(1), 1);
    await tick();
    assert.equal(calls.length, 2, 'never more than two batches in flight');
    calls[0]?.release();
    await tick();
    assert.deepEqual(
      calls.map((call) => call.rows),
      [6, 6, 7],
    );
    calls[1]?.release();
    calls[2]?.release();
    await Promise.all([...first, ...more, later]);
    assert.equal(new Set(calls.map((call) => call.options.dedupToken)).size, 3);
  });

  it('retries a failed write with the same dedup token, then fails the requests as unavailable', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 1, retryDelaysMs: [1] });
    const request = batcher.submit(logs(2), 1);
    await tick();
    calls[0]?.release(new Error('disk full'));
    await tick(20);
    assert.equal(calls.length, 2);
    assert.equal(calls[1]?.options.dedupToken, calls[0]?.options.dedupToken);
    calls[1]?.release(new Error('still full'));
    await assert.rejects(request, (error: unknown) => isAppError(error) && error.code === 'unavailable' && error.retryAfterSeconds === 5);
  });

  it('refuses new requests once the queued bytes pass the bound, instead of buffering', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 1, maxQueuedBytes: 1000 });
    const accepted = batcher.submit(logs(8), 800);
    await assert.rejects(
      batcher.submit(logs(3), 300),
      (error: unknown) => isAppError(error) && error.code === 'unavailable' && error.retryAfterSeconds === 1,
    );
    const fits = batcher.submit(logs(2), 200);
    assert.equal(batcher.isOverloaded(), true);
    await tick();
    for (const call of calls) call.release();
    await Promise.all([accepted, fits]);
    assert.equal(batcher.isOverloaded(), false);
    assert.equal(batcher.stats().queuedBytes, 0);
  });

  it('drains queued work on shutdown and then refuses more', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 60_000 });
    const request = batcher.submit(logs(2), 1);
    const drained = batcher.drain();
    await tick();
    assert.equal(calls.length, 1);
    calls[0]?.release();
    await drained;
    await request;
    await assert.rejects(batcher.submit(logs(1), 1), (error: unknown) => isAppError(error) && error.code === 'unavailable');
  });
});
