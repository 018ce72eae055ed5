/**
 * The first page of a word most logs hold, read from the newest rows of the scope (decision 0189), on the engine:
 * the same hits as the index's page, whatever the ties, the time range or how few of the window's rows match.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSearchRequest } from '../../../query/index.js';
import type { SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { ZONE_LOGS_FROM as FROM, zoneLogSearch, zoneLogWriter } from '../../../../test/support/zone-logs.js';

describe('the first page of a common word, from the newest rows', () => {
  const engine = openRecordingEngine('window-page');
  const { transport, recording, statements } = engine;
  // One executor keeps what the dictionaries told it between searches, as a store's does.
  const warm = zoneLogSearch(recording);
  const scopeOf = (accountId: number): SearchScope => ({
    accounts: [{ accountId, fromMs: FROM }],
    toMs: FROM + 86_400_000,
    types: null,
    filter: null,
  });
  const page = async (
    search: ReturnType<typeof zoneLogSearch>,
    accountId: number,
    query: Record<string, unknown>,
    options: { size?: number; from?: number; order?: 'asc' | 'desc' } = {},
  ): Promise<string[]> => {
    const result = await search({
      scope: scopeOf(accountId),
      request: parseSearchRequest(
        { query, size: options.size ?? 10, from: options.from ?? 0, sort: [{ '@timestamp': options.order ?? 'desc' }] },
        { now: FROM, profile: 'elasticsearch' },
      ),
      receivedAtMostMs: null,
      after: null,
    });
    return result.hits.map((hit) => hit.id);
  };
  /** The page as the index gives it: an executor that has read no dictionary yet never reads a window. */
  const indexPage = (...args: Parameters<typeof page> extends [unknown, ...infer Rest] ? Rest : never): Promise<string[]> =>
    page(zoneLogSearch(transport), ...args);
  const windowStatements = (): string[] => statements.filter((sql) => sql.includes(' AS __m FROM '));
  /** The statement of the index's page that finds the keys of its hits. */
  const isKeys = (sql: string): boolean => sql.startsWith('SELECT toUnixTimestamp64Milli(ts) AS t, id');
  const http = { query_string: { query: 'http' } };

  const write = zoneLogWriter(transport, 10);
  const tied = zoneLogWriter(transport, 0);
  const rows = (n: number, row: { message: string; zone?: string }) => Array.from({ length: n }, () => row);

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    // Account 2 makes `http` common in the parts: the window is worth reading for it.
    await write(2, rows(800, { message: 'http ok', zone: 'us' }));
    // Account 1: `http` in messages, in zones, and logs without it, interleaved (l801…l860).
    await write(
      1,
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? { message: 'GET http /a', zone: 'eu' }
          : i % 3 === 1
            ? { message: 'disk', zone: 'http' }
            : { message: 'disk', zone: 'eu' },
      ),
    );
    // Account 3: the newest 300 logs lack the word, the older 100 hold it.
    await write(3, rows(100, { message: 'http up' }));
    await write(3, rows(300, { message: 'disk full' }));
    // Accounts 4 and 5: every log at the same instant, 30 and 600 of them (ids l1… again: a writer of their own).
    await tied(4, rows(30, { message: 'http tie' }));
    await tied(5, rows(600, { message: 'http tie' }));
    // One part, which no merge replaces while the first search reads its dictionaries: how many rows hold the word
    // is known from then on (a part merged away during the read would leave it unknown, decision 0186).
    await transport.exec('OPTIMIZE TABLE logs FINAL');
    await page(warm, 1, http);
  });
  after(() => engine.close());

  it('reads the page from the newest rows, the same hits as the index gives', async () => {
    statements.length = 0;
    const expected = await indexPage(1, http);
    assert.equal(expected.length, 10);
    assert.deepEqual(await page(warm, 1, http), expected);
    assert.equal(windowStatements().length, 1, statements.join('\n'));
    assert.ok(!statements.some(isKeys), 'no keys statement');
    for (const options of [{ from: 7 }, { order: 'asc' as const }, { size: 3, from: 20 }]) {
      assert.deepEqual(await page(warm, 1, http, options), await indexPage(1, http, options), JSON.stringify(options));
    }
  });

  it('keeps the time range of the query', async () => {
    const query = {
      bool: {
        must: [{ query_string: { query: 'http', default_operator: 'AND' } }],
        filter: [{ range: { '@timestamp': { lt: FROM + 10 * 830, format: 'epoch_millis' } } }],
      },
    };
    statements.length = 0;
    const expected = await indexPage(1, query);
    assert.deepEqual(expected, ['l829', 'l828', 'l826', 'l825', 'l823', 'l822', 'l820', 'l819', 'l817', 'l816']);
    statements.length = 0;
    assert.deepEqual(await page(warm, 1, query), expected);
    assert.equal(windowStatements().length, 1);
    assert.ok(!statements.some(isKeys), 'the window answered: it read the rows before the range ends');
  });

  it('falls back to the index where the newest rows hold too few matches', async () => {
    statements.length = 0;
    const hits = await page(warm, 3, http);
    assert.deepEqual(hits, await indexPage(3, http));
    assert.deepEqual(hits.slice(0, 2), ['l960', 'l959']);
    assert.equal(windowStatements().length, 1);
    assert.ok(statements.some(isKeys), 'the keys statement after all');
  });

  it('orders ties by id, within a window that holds them all or falling back where they continue past it', async () => {
    for (const account of [4, 5]) {
      for (const options of [{}, { from: 12 }]) {
        statements.length = 0;
        const hits = await page(warm, account, http, options);
        assert.equal(windowStatements().length, 1);
        assert.deepEqual(hits, await indexPage(account, http, options), `account ${account} ${JSON.stringify(options)}`);
      }
    }
  });
});
