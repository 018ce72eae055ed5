/**
 * Word counts (decision 0197) on the engine, through the store: a one-word search's exact total read from the counts
 * equals the total counted row by row — with windows that hold blocks of the counts in part, a Discover time range,
 * several accounts, parts written or merged after the counts, and a merge racing the search.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { parseSearchRequest } from '../../../../query/index.js';
import { createManualClock } from '../../../../shared/clock.js';
import type { FieldValue, LogDocument, LogSearchResult, LogStore, SearchScope } from '../../../log-store.js';
import { createClickHouseLogStore } from '../../clickhouse-log-store.js';
import { WORD_COUNT_BLOCK_ROWS } from '../../log-table-schema.js';
import { openRecordingEngine } from '../../../../../test/support/recording-engine.js';

const HOUR = 3_600_000;
/** Logs of the first account: three blocks of the counts and part of a fourth (WORD_COUNT_BLOCK_ROWS); a fifth of them hold no `http`. */
const LOGS = 3 * WORD_COUNT_BLOCK_ROWS + 5_003;
/** Three hours of logs, from this instant on. */
const FROM = Date.UTC(2026, 10, 20, 9);
const NOW = FROM + 3 * HOUR;
const LIMITS = { minAccountLogs: 100, minShare: 0.05, maxWords: 64, minPartAgeMs: 0 };

describe('word counts', () => {
  const engine = openRecordingEngine('word-counts');
  const { transport, statements } = engine;
  let store: LogStore;
  let sequence = 0;

  const doc = (accountId: number, timestampMs: number, message: string, fields: Record<string, FieldValue>): LogDocument => {
    sequence += 1;
    return { id: `w${sequence}`, accountId, timestampMs, receivedAtMs: NOW, type: 'app', message, fields, sizeBytes: 100 };
  };
  /** Logs of one account spread over the three hours: nginx lines, application lines, one of them not plain text. */
  function logsOf(accountId: number, n: number): LogDocument[] {
    return Array.from({ length: n }, (_, i) => {
      const at = FROM + Math.floor((i * 3 * HOUR) / n) + (i % 7);
      switch (i % 5) {
        case 0:
        case 1:
          return doc(accountId, at, `10.0.0.${i % 9} GET /api/orders HTTP/1.1 ${i % 3 === 0 ? 500 : 200}`, {
            status: i % 3 === 0 ? 500 : 200,
            path: '/api/orders',
            bytes: 100 + i,
          });
        case 2:
          return doc(accountId, at, 'read timed out', { thread: `http-nio-8080-exec-${i % 4}`, level: 'ERROR', request_id: `req-${i}` });
        case 3:
          return doc(accountId, at, 'order processed', { 'user.name': i % 2 === 0 ? 'zelda' : 'link', level: 'INFO' });
        default:
          // Not plain text: the exact check decides its words.
          return doc(accountId, at, `café ouvert, timeout ${i % 2 === 0 ? 'http' : ''}`, { note: '1,5 http' });
      }
    });
  }
  const append = (docs: readonly LogDocument[]) => store.append(docs, { dedupToken: `w-${sequence}`, retentionDaysOf: () => 3650 });

  const search = (scope: SearchScope, query: Record<string, unknown>): Promise<LogSearchResult> =>
    store.search({
      scope,
      request: parseSearchRequest({ query, size: 0 }, { now: NOW, profile: 'logzio' }),
      receivedAtMostMs: null,
      after: null,
    });
  const scopeOf = (accounts: readonly number[], fromMs: number, toMs: number | null): SearchScope => ({
    accounts: accounts.map((accountId) => ({ accountId, fromMs })),
    toMs,
    types: null,
    filter: null,
  });
  const word = (text: string) => ({ query_string: { query: text } });
  /** The same query but not one word: its total is counted on the logs, row by row (`match_all` adds no test). */
  const notOneWord = (query: Record<string, unknown>) => ({ bool: { must: [query], filter: [{ match_all: {} }] } });
  /** The usual count of the matches: a count on the logs that reads no part of its own. */
  const usualCount = (sql: string) => sql.includes('count()') && sql.includes('FROM logs') && !sql.includes('_part');

  /** The statements of the last bothWays's first search. */
  let first: string[] = [];
  /**
   * The total from the counts, and counted row by row; `fromCounts`: the first search did not count its matches the
   * usual way.
   */
  async function bothWays(
    scope: SearchScope,
    query: Record<string, unknown>,
  ): Promise<{ counted: number; live: number; fromCounts: boolean }> {
    const before = statements.length;
    const counted = Number((await search(scope, query)).total);
    first = statements.slice(before);
    const live = Number((await search(scope, notOneWord(query))).total);
    return { counted, live, fromCounts: !first.some(usualCount) };
  }

  before(async () => {
    store = await createClickHouseLogStore({
      transport: engine.recording,
      clock: createManualClock(NOW),
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      soleWriter: true,
      wordCountLimits: LIMITS,
    });
    await append([...logsOf(1, LOGS), ...logsOf(2, 300), ...logsOf(3, 40)]);
    await transport.exec('OPTIMIZE TABLE logs FINAL');
    const pass = await store.countCommonWords();
    // Accounts 1 and 2 hold enough logs of the one part; account 3 is left to be counted as searches go.
    assert.deepEqual(pass, { counted: 2, forgotten: 0 });
  });
  after(async () => {
    await store.close();
    await engine.close();
  });

  it('answers a field-less word over a window holding every block from the counts alone, as counted row by row', async () => {
    statements.length = 0;
    const scope = scopeOf([1], FROM, FROM + 3 * HOUR);
    const http = await bothWays(scope, word('http'));
    // Every nginx line's message, every thread name, the other lines' notes: all but the `order processed` lines.
    assert.equal(http.counted, LOGS - LOGS / 5);
    assert.equal(http.counted, http.live);
    // A window holding every block of the counted parts needs no statement on the logs: the second search's is the
    // usual count.
    const onLogs = statements.filter((sql) => sql.includes('FROM logs') && sql.includes('count()'));
    assert.equal(onLogs.length, 1, onLogs.join('\n'));
    assert.ok(http.fromCounts);
    // Words of the message, of another field, of a column of few values, a number; then words on `message`.
    for (const text of ['zelda', 'timeout', 'error', 'orders', '500', 'nio', 'message:http', 'message:timeout']) {
      const both = await bothWays(scope, word(text));
      assert.deepEqual(both, { counted: both.live, live: both.live, fromCounts: true }, text);
      assert.ok(both.counted > 0, text);
    }
    // Words not counted ahead (too rare, or only in messages the exact check reads) are counted as usual.
    for (const text of ['café', 'quux', 'message:zelda']) {
      const both = await bothWays(scope, word(text));
      assert.equal(both.counted, both.live, text);
    }
  });

  it('counts the blocks a window holds in part on the logs, and the rest from the counts, Discover time ranges too', async () => {
    // Blocks of about 55 minutes: the first window holds the second whole, the first and third in part; the last
    // one misses only the first log.
    for (const [fromMs, toMs, inPart] of [
      [FROM + 20 * 60_000, FROM + 2 * HOUR + 10 * 60_000, 2],
      [FROM - HOUR, FROM + HOUR + 1, 1],
      [FROM + 1, FROM + 3 * HOUR - 1, 1],
    ] as const) {
      const both = await bothWays(scopeOf([1], fromMs, toMs), word('http'));
      assert.deepEqual(both, { counted: both.live, live: both.live, fromCounts: true }, `${fromMs}..${toMs}`);
      const ranges = first.find((sql) => sql.includes('_part_offset BETWEEN'))?.match(/_part_offset BETWEEN/g) ?? [];
      assert.equal(ranges.length, inPart, `${fromMs}..${toMs}`);
    }
    const discover = {
      bool: {
        must: [{ query_string: { query: 'timeout' } }],
        filter: [{ range: { '@timestamp': { gte: FROM + 30 * 60_000, lt: FROM + 2 * HOUR + 30 * 60_000 } } }],
      },
    };
    statements.length = 0;
    const both = await bothWays(scopeOf([1], FROM - HOUR, NOW), discover);
    assert.deepEqual(both, { counted: both.live, live: both.live, fromCounts: true });
  });

  it('adds the accounts and parts the counts do not hold', async () => {
    // Account 3's logs are too few to count ahead; a new part of account 1 is not counted yet.
    await append(logsOf(1, 50));
    for (const accounts of [[1], [1, 2], [1, 2, 3], [3]]) {
      const both = await bothWays(scopeOf(accounts, FROM, FROM + 3 * HOUR), word('http'));
      // Account 3 alone has no counts: counted as usual.
      assert.deepEqual(both, { counted: both.live, live: both.live, fromCounts: accounts.join() !== '3' }, accounts.join(','));
    }
  });

  it('counts the usual way when a part made from a counted one since the parts were listed shows in the rest', async () => {
    await append(logsOf(1, 30));
    const scope = scopeOf([1], FROM, FROM + 3 * HOUR);
    const expected = (await bothWays(scope, word('http'))).live;
    // A merge is no write of the store's: the next search reuses the listing, which names the parts merged away.
    await transport.exec('OPTIMIZE TABLE logs FINAL');
    statements.length = 0;
    assert.equal(Number((await search(scope, word('http'))).total), expected);
    assert.ok(!statements.some((sql) => sql.includes('FROM system.parts')), statements.join('\n'));
    // The statement for the rest found the merged part, and the whole match was counted after it.
    assert.ok(statements.some((sql) => sql.includes('NOT _part IN')));
    assert.ok(usualCount(statements.at(-1) ?? ''), statements.join('\n'));
    // The merged part is counted by the next pass, the old one forgotten.
    const pass = await store.countCommonWords();
    assert.equal(pass.forgotten, 1);
    assert.ok(pass.counted >= 1);
    const both = await bothWays(scope, word('http'));
    assert.deepEqual(both, { counted: expected, live: expected, fromCounts: true });
  });

  it('counts the usual way when the counted parts whose blocks a window holds in part were merged since the listing', async () => {
    await append(logsOf(1, 200));
    await store.countCommonWords();
    // Every part counted: only the blocks held in part are read on the logs, then the parts found still active.
    const scope = scopeOf([1], FROM + 20 * 60_000, FROM + 2 * HOUR);
    const both = await bothWays(scope, word('http'));
    assert.deepEqual(both, { counted: both.live, live: both.live, fromCounts: true });
    assert.ok(first.some((sql) => sql.includes('_part_offset BETWEEN')));
    assert.ok(!first.some((sql) => sql.includes('NOT _part IN')), first.join('\n'));
    await transport.exec('OPTIMIZE TABLE logs FINAL');
    statements.length = 0;
    assert.equal(Number((await search(scope, word('http'))).total), both.live);
    assert.ok(statements.some((sql) => sql.includes('_part_offset BETWEEN')));
    assert.ok(usualCount(statements.at(-1) ?? ''), statements.join('\n'));
  });

  it('answers the same from the counts and the listing alone when nothing was written since, whatever merges did', async () => {
    await store.countCommonWords();
    const scope = scopeOf([1], FROM, FROM + 3 * HOUR);
    const expected = (await bothWays(scope, word('http'))).live;
    statements.length = 0;
    assert.equal(Number((await search(scope, word('http'))).total), expected);
    assert.ok(!statements.some((sql) => sql.includes('count()')), statements.join('\n'));
  });

  it('forgets an account deleted, and the counts of a part a retention cut rewrote', async () => {
    await store.deleteAccount(2);
    const [left] = await transport.query<{ n: number }>('SELECT count() AS n FROM log_word_counts WHERE account = 2');
    assert.equal(Number(left?.n), 0);
    const scope = scopeOf([1], FROM, FROM + 3 * HOUR);
    await store.enforceRetention(new Map([[1, 1]]), FROM + HOUR + 86_400_000);
    const both = await bothWays(scope, word('http'));
    assert.equal(both.counted, both.live);
    assert.ok(both.live > 0 && both.live < LOGS, String(both.live));
  });
});
