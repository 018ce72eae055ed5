/**
 * The owner of the logs table's derived state (log-table-state.ts, decision 0624): after each door — an append, a
 * retention delete, an account deletion, a bulk load — searches see exactly the table, with every cache warmed first
 * (the catalogs, the part listing kept while nothing was written, the per-word part answers, the word counts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { parseSearchRequest } from '../../query/index.js';
import { createManualClock } from '../../shared/clock.js';
import type { LogDocument, SearchScope } from '../log-store.js';
import { openRecordingEngine } from '../../../test/support/recording-engine.js';
import { createClickHouseLogStore, type ClickHouseLogStore } from './clickhouse-log-store.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;

describe('the derived state of the logs table, through its doors', () => {
  const engine = openRecordingEngine('log-table-state');
  let store: ClickHouseLogStore;
  let written = 0;
  const doc = (accountId: number, message: string, fields: LogDocument['fields'], ageMs = 0): LogDocument => {
    written += 1;
    return {
      id: `d${written}`,
      accountId,
      timestampMs: NOW - ageMs,
      receivedAtMs: NOW - ageMs,
      type: 'app',
      message,
      fields,
      sizeBytes: 10,
    };
  };
  const append = (docs: readonly LogDocument[]): Promise<void> =>
    store.append(docs, { retentionDaysOf: () => 30, dedupToken: `t${written}` });
  const scope = (accountId: number): SearchScope => ({
    accounts: [{ accountId, fromMs: NOW - 10 * 24 * HOUR }],
    toMs: NOW + HOUR,
    types: null,
    filter: null,
  });
  /** The ids a query finds (the total checked against them), and the ids the table holds for the same words. */
  async function found(accountId: number, query: string): Promise<string[]> {
    const request = parseSearchRequest(
      { query: { query_string: { query } }, size: 100, sort: [{ '@timestamp': 'desc' }], track_total_hits: true },
      { now: NOW, profile: 'elasticsearch' },
    );
    const result = await store.search({ scope: scope(accountId), request, receivedAtMostMs: null, after: null });
    assert.equal(result.total, result.hits.length, query);
    return result.hits.map((hit) => hit.id).sort();
  }
  async function tableIds(accountId: number, where: string): Promise<string[]> {
    const rows = await engine.transport.query<{ id: string }>(`SELECT id FROM logs WHERE account = ${accountId} AND ${where} ORDER BY id`);
    return rows.map((row) => row.id).sort();
  }

  before(async () => {
    store = await createClickHouseLogStore({
      transport: engine.transport,
      clock: createManualClock(NOW),
      logger: pino({ level: 'silent' }),
      // The embedded engine: a part listing made while nothing was written is reused until the next write.
      soleWriter: true,
      wordCountLimits: { minAccountLogs: 2, minShare: 0.1, maxWords: 16, minPartAgeMs: 0 },
    });
    await append([
      doc(1, 'alpha connection refused', { service: 'api' }, 2 * 24 * HOUR),
      doc(1, 'alpha disk full', { service: 'api' }),
      doc(1, 'beta all good', { service: 'web' }),
      doc(2, 'alpha elsewhere', { service: 'api' }),
    ]);
  });
  after(async () => {
    await store.close();
    await engine.close();
  });

  it('an append: a word no part held and a field no catalog listed are found at once', async () => {
    // Warm every cache: the word is in no part (the listing is kept), the field is in no catalog.
    assert.deepEqual(await found(1, 'quokka'), []);
    assert.deepEqual(await found(1, 'zone:eu'), []);
    assert.deepEqual(await found(1, 'alpha'), ['d1', 'd2']);
    await store.countCommonWords();
    assert.deepEqual(await found(1, 'alpha'), ['d1', 'd2']);
    await append([doc(1, 'a quokka here', { zone: 'eu' })]);
    assert.deepEqual(await found(1, 'quokka'), ['d5']);
    assert.deepEqual(await found(1, 'zone:eu'), ['d5']);
    assert.deepEqual(await found(1, 'alpha'), await tableIds(1, "hasToken(message, 'alpha')"));
  });

  it('a retention delete: the expired logs are in no answer, counted or listed', async () => {
    await store.countCommonWords();
    assert.deepEqual(await found(1, 'alpha'), ['d1', 'd2']);
    await store.enforceRetention(new Map([[1, 1]]), NOW);
    assert.deepEqual(await found(1, 'alpha'), ['d2']);
    assert.deepEqual(await found(1, 'alpha'), await tableIds(1, "hasToken(message, 'alpha')"));
    assert.deepEqual(await found(1, 'service:api'), ['d2']);
  });

  it('an account deletion: nothing of the account is found, its catalog and counts are gone, others keep theirs', async () => {
    await engine.transport.exec('CREATE TABLE logs_archive AS logs');
    // The archive holds a word no part of the live table ever held (a DELETE leaves a part's dictionary as it was).
    await engine.transport.exec(
      "INSERT INTO logs_archive SELECT * REPLACE (replaceOne(message, 'quokka', 'wombat') AS message) FROM logs WHERE account = 1",
    );
    await engine.transport.exec('CREATE TABLE log_fields_archive AS log_fields');
    await engine.transport.exec('INSERT INTO log_fields_archive SELECT * FROM log_fields WHERE account = 1');
    await store.deleteAccount(1);
    assert.deepEqual(await found(1, 'alpha'), []);
    assert.deepEqual(await found(1, 'zone:eu'), []);
    assert.deepEqual([...((await store.fieldCatalog([1])).get(1) ?? [])], []);
    assert.deepEqual(await found(2, 'alpha'), ['d4']);
    // A new log of the account: only its own field is catalogued again.
    await append([doc(1, 'gamma fresh start', { host: 'h1' })]);
    assert.deepEqual(
      ((await store.fieldCatalog([1])).get(1) ?? []).map((field) => field.name),
      ['host'],
    );
    assert.deepEqual(await found(1, 'quokka'), []);
    assert.deepEqual(await found(1, 'gamma'), ['d6']);
  });

  it('a bulk load that bypasses append (onRestore): its words and fields are found, as the table holds them', async () => {
    // Warmed: `wombat` and `zone` were last answered as in no part and no catalog of the account.
    assert.deepEqual(await found(1, 'zone:eu'), []);
    assert.deepEqual(await found(1, 'wombat'), []);
    await store.restore({
      accountIds: [1],
      load: async (tables) => {
        await engine.transport.exec(`INSERT INTO ${tables.logs} SELECT * FROM logs_archive`);
        await engine.transport.exec(`INSERT INTO ${tables.fields} SELECT * FROM log_fields_archive`);
      },
    });
    assert.deepEqual(await found(1, 'wombat'), ['d5']);
    assert.deepEqual(await found(1, 'zone:eu'), ['d5']);
    assert.deepEqual(await found(1, 'alpha'), await tableIds(1, "hasToken(message, 'alpha')"));
    assert.deepEqual(await found(1, 'service:api'), ['d2']);
    assert.deepEqual(
      ((await store.fieldCatalog([1])).get(1) ?? []).map((field) => field.name),
      ['host', 'service', 'zone'],
    );
  });
});
