import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { isAppError } from '../shared/app-error.js';
import type { AppendOptions, LogDocument, LogStore } from '../storage/log-store.js';
import { createBatcher } from './batcher.js';

const logger = pino({ level: 'silent' });

function docs(count: number, accountId = 1, sizeBytes = 100): LogDocument[] {
  return Array.from({ length: count }, (_, i) => ({ id: `${accountId}-${i}-${Math.random()}`, accountId, timestampMs: 0, receivedAtMs: 0, type: 't', message: 'm', fields: {}, sizeBytes }));
}

/** A store whose appends the test holds open and releases, to watch what the batcher does meanwhile. */
function gatedStore() {
  const calls: { documents: readonly LogDocument[]; options: AppendOptions; release: (error?: Error) => void }[] = [];
  const store: Pick<LogStore, 'append'> = {
    append: (documents, options) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ documents, options, release: (error) => (error === undefined ? resolve() : reject(error)) });
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
    const requests = [docs(3, 1), docs(2, 2), docs(4, 1)].map((batch, i) => batcher.submit(batch, { accountId: i === 1 ? 2 : 1, retentionDays: i === 1 ? 7 : 30 }).then(() => (settled += 1)));
    await tick(40);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]?.documents.length, 9);
    assert.equal(calls[0]?.options.retentionDaysOf(2), 7);
    assert.equal(calls[0]?.options.retentionDaysOf(1), 30);
    assert.equal(settled, 0);
    calls[0]?.release();
    await Promise.all(requests);
    assert.equal(settled, 3);
  });

  it('closes a batch at maxBatchRows without splitting a request, and batches what arrives while writing', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 1000, maxBatchRows: 10 });
    const first = [batcher.submit(docs(6), { accountId: 1, retentionDays: 1 }), batcher.submit(docs(6), { accountId: 1, retentionDays: 1 })];
    await tick();
    assert.deepEqual(calls.map((call) => call.documents.length), [6]);
    const later = batcher.submit(docs(1), { accountId: 1, retentionDays: 1 });
    calls[0]?.release();
    await tick();
    assert.deepEqual(calls.map((call) => call.documents.length), [6, 7]);
    calls[1]?.release();
    await Promise.all([...first, later]);
    assert.notEqual(calls[0]?.options.dedupToken, calls[1]?.options.dedupToken);
  });

  it('retries a failed append with the same dedup token, then fails the requests as unavailable', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 1, retryDelaysMs: [1] });
    const request = batcher.submit(docs(2), { accountId: 1, retentionDays: 1 });
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
    const accepted = batcher.submit(docs(8, 1, 100), { accountId: 1, retentionDays: 1 });
    await assert.rejects(batcher.submit(docs(3, 1, 100), { accountId: 1, retentionDays: 1 }), (error: unknown) => isAppError(error) && error.code === 'unavailable' && error.retryAfterSeconds === 1);
    const fits = batcher.submit(docs(2, 1, 100), { accountId: 1, retentionDays: 1 });
    assert.equal(batcher.isOverloaded(), true);
    await tick();
    calls[0]?.release();
    await Promise.all([accepted, fits]);
    assert.equal(batcher.isOverloaded(), false);
    assert.equal(batcher.stats().queuedBytes, 0);
  });

  it('drains queued work on shutdown and then refuses more', async () => {
    const { store, calls } = gatedStore();
    const batcher = createBatcher({ store, logger, lingerMs: 60_000 });
    const request = batcher.submit(docs(2), { accountId: 1, retentionDays: 1 });
    const drained = batcher.drain();
    await tick();
    assert.equal(calls.length, 1);
    calls[0]?.release();
    await drained;
    await request;
    await assert.rejects(batcher.submit(docs(1), { accountId: 1, retentionDays: 1 }), (error: unknown) => isAppError(error) && error.code === 'unavailable');
  });
});
