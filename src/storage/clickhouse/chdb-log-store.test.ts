import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import { createManualClock } from '../../shared/clock.js';
import { CONTRACT_NOW_MS, logStoreContract } from '../conformance/log-store.contract.js';
import { clickHouseSchemaBehaviour } from './clickhouse-schema.behaviour.js';
import { EXCLUSION_SEARCH_STEPS, openChdbTransport } from './chdb-transport.js';
import { createClickHouseLogStore } from './clickhouse-log-store.js';

// chDB allows one data directory per process: both suites share it and one transport, closed at the end.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-chdb-'));
const transport = openChdbTransport({
  path: dir,
  memoryBytes: 1_000_000_000,
  querySessions: 2,
  limits: { maxExecutionSeconds: 20, maxMemoryBytes: 500_000_000 },
});
after(async () => {
  await transport.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openShared() {
  const store = await createClickHouseLogStore({
    transport,
    clock: createManualClock(CONTRACT_NOW_MS),
    logger: pino({ level: 'silent' }),
    // The behaviour suite's accounts are small: their words are counted ahead from 100 logs of a part.
    wordCountLimits: { minAccountLogs: 100, minShare: 0.1, maxWords: 64, minPartAgeMs: 0 },
  });
  return { store: { ...store, close: async () => {} }, transport, dispose: async () => {} };
}

logStoreContract('chDB', openShared);
clickHouseSchemaBehaviour('chDB', openShared);

describe('chDB transport', () => {
  it("reads the engine's memory while every query Session is busy, within its bound", async () => {
    const busy = [1, 2].map(() => transport.query('SELECT sleep(1)'));
    const started = performance.now();
    const bytes = await transport.memoryTracking(900);
    assert.ok(bytes > 0);
    assert.ok(performance.now() - started < 900, 'not queued behind the busy Sessions');
    await Promise.all(busy);
  });

  it('keeps decoded posting lists in a cache of a sixteenth of its budget, used by every statement', async () => {
    const [server] = await transport.query<{ value: string }>(
      "SELECT value FROM system.server_settings WHERE name = 'text_index_postings_cache_size'",
    );
    assert.equal(server?.value, String(1_000_000_000 / 16));
    const [query] = await transport.query<{ value: string }>(
      "SELECT value FROM system.settings WHERE name = 'use_text_index_postings_cache'",
    );
    assert.equal(query?.value, '1');
  });

  it('bounds the search for the marks a condition with an OR keeps (decision 0187)', async () => {
    const [setting] = await transport.query<{ value: string }>(
      "SELECT value FROM system.settings WHERE name = 'merge_tree_generic_exclusion_search_max_steps'",
    );
    assert.equal(setting?.value, String(EXCLUSION_SEARCH_STEPS));
    // Eight-row granules: 8,000 marks in scope, more than the budget, as a big account's part has.
    await transport.exec(
      'CREATE TABLE exclusion_budget (k UInt32, t UInt32, a UInt8) ENGINE = MergeTree ORDER BY (k, t) SETTINGS index_granularity = 8',
    );
    await transport.exec('INSERT INTO exclusion_budget SELECT number % 2, number, number % 7 FROM numbers(128000)');
    const reached = async (): Promise<number> =>
      Number(
        (
          await transport.query<{ n: number }>(
            "SELECT toUInt64(sum(value)) AS n FROM system.events WHERE event = 'IndexGenericExclusionSearchStepLimitReached'",
          )
        )[0]?.n ?? 0,
      );
    const before = await reached();
    const [row] = await transport.query<{ n: number }>(
      'SELECT count() AS n FROM exclusion_budget WHERE k = 1 AND t >= 1000 AND (a = 1 OR a = 2)',
    );
    assert.equal(row?.n, 18_143);
    assert.ok((await reached()) > before, 'the search stopped at its budget and kept the rest whole');
    await transport.exec('DROP TABLE exclusion_budget');
  });
});
