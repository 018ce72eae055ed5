import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createManualClock } from '../shared/clock.js';
import { CONTRACT_NOW_MS, testDocument } from './conformance/log-store.contract.js';
import { openLogStore } from './open-log-store.js';

const deps = { logger: pino({ level: 'silent' }), clock: createManualClock(CONTRACT_NOW_MS) };

describe('openLogStore', () => {
  it('opens chDB at chdb:<path>, keeps the logs across a reopen, and drains appends on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-open-'));
    try {
      const store = await openLogStore({ url: `chdb:${dir}`, memoryBytes: 500_000_000, querySessions: 2 }, deps);
      const pending = store.append([testDocument(7, { a: 1 }), testDocument(7, { b: 'x' })], {
        dedupToken: 'open-1',
        retentionDaysOf: () => 3650,
      });
      await store.close();
      await pending;
      await assert.rejects(store.append([testDocument(7, {})], { dedupToken: 'open-2', retentionDaysOf: () => 3650 }), {
        name: 'AppError',
        code: 'unavailable',
      });
      const reopened = await openLogStore({ url: `chdb:${dir}`, memoryBytes: 500_000_000 }, deps);
      assert.equal((await reopened.accountStats([7])).get(7)?.logCount, 2);
      assert.deepEqual(
        (await reopened.fieldCatalog([7])).get(7)?.map((field) => field.name),
        ['a', 'b'],
      );
      await reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a URL that names no known store', async () => {
    await assert.rejects(openLogStore({ url: 'mysql://db/logs', memoryBytes: 1 }, deps), /chdb:<path> or http\(s\)/);
  });
});
