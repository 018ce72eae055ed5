/**
 * A bounded count of a field-less word most messages hold (decision 0188), on the engine: the messages alone are
 * counted first where no test is negated, and only when they reach the bound do they answer; otherwise, and under a
 * NOT, the whole match is counted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSearchRequest } from '../../../query/index.js';
import type { LogSearchResult, SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { FIELDS_TOKENS_SQL, MESSAGE_TOKENS_SQL } from '../log-table-schema.js';
import { sqlString } from '../sql-literals.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { ZONE_LOGS_FROM as FROM, zoneLogSearch, zoneLogWriter } from '../../../../test/support/zone-logs.js';

describe('bounded counts of a word most messages hold', () => {
  const engine = openRecordingEngine('message-subset');
  const { transport, recording, statements } = engine;
  const search = zoneLogSearch(recording);
  const scope: SearchScope = { accounts: [{ accountId: 1, fromMs: FROM }], toMs: FROM + 86_400_000, types: null, filter: null };
  const count = (query: string, trackTotalHits: number): Promise<LogSearchResult> =>
    search({
      scope,
      request: parseSearchRequest(
        { query: { query_string: { query } }, size: 0, track_total_hits: trackTotalHits },
        { now: FROM, profile: 'elasticsearch' },
      ),
      receivedAtMostMs: null,
      after: null,
    });
  /** Count statements that test `http` on the messages and not on the other fields: the subset's. */
  const subsetCounts = (): string[] =>
    statements.filter(
      (sql) =>
        sql.includes('count()') &&
        sql.includes(`has(${MESSAGE_TOKENS_SQL}, ${sqlString('http')})`) &&
        !sql.includes(`has(${FIELDS_TOKENS_SQL}, ${sqlString('http')})`),
    );

  const write = zoneLogWriter(transport, 10);
  const insert = (account: number, n: number, row: { message: string; zone: string }): Promise<void> =>
    write(
      account,
      Array.from({ length: n }, () => row),
    );

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    // Account 1: `http` in 40 messages and in the zone of 10 more. Account 2 makes the word common in the parts.
    await insert(1, 40, { message: 'GET http /a', zone: 'eu' });
    await insert(1, 10, { message: 'disk', zone: 'http' });
    await insert(2, 800, { message: 'http ok', zone: 'us' });
    // One part, which no merge replaces while the first search reads its dictionaries: how many rows hold the word
    // is known from then on (a part merged away during the read would leave it unknown, decision 0186).
    await transport.exec('OPTIMIZE TABLE logs FINAL');
    await count('http', 10);
  });
  after(() => engine.close());

  it('answers from the messages alone once they reach the bound', async () => {
    statements.length = 0;
    const result = await count('http', 2);
    assert.deepEqual({ total: result.total, relation: result.totalRelation }, { total: 2, relation: 'gte' });
    assert.equal(subsetCounts().length, 1, statements.join('\n'));
    assert.ok(!statements.some((sql) => sql.includes('count()') && sql.includes(`has(${FIELDS_TOKENS_SQL}, ${sqlString('http')})`)));
  });

  it('counts the whole match when the messages fall short of the bound', async () => {
    statements.length = 0;
    // 40 messages, 50 logs: the bound of 45 is reached only with the zones.
    const result = await count('http', 45);
    assert.deepEqual({ total: result.total, relation: result.totalRelation }, { total: 45, relation: 'gte' });
    assert.equal(subsetCounts().length, 1);
    assert.equal(Number((await count('http', 60)).total), 50);
  });

  it('counts one test without PREWHERE, which has no rows to drop before another test reads its columns', async () => {
    const counts: { readonly sql: string; readonly prewhere: boolean }[] = [];
    const watched = zoneLogSearch({
      ...transport,
      query: (sql, settings) => {
        if (sql.startsWith('SELECT count() AS n FROM logs WHERE'))
          counts.push({ sql, prewhere: settings?.optimize_move_to_prewhere !== 0 });
        return transport.query(sql, settings);
      },
    });
    const exactCount = async (query: string): Promise<number> =>
      Number(
        (
          await watched({
            scope,
            request: parseSearchRequest({ query: { query_string: { query } }, size: 0 }, { now: FROM, profile: 'logzio' }),
            receivedAtMostMs: null,
            after: null,
          })
        ).total,
      );
    assert.equal(await exactCount('http'), 50);
    assert.deepEqual(
      counts.map((c) => c.prewhere),
      [false],
    );
    counts.length = 0;
    assert.equal(await exactCount('http AND zone:eu'), 40);
    assert.deepEqual(
      counts.map((c) => c.prewhere),
      [true],
    );
  });

  it('never under a NOT, where leaving a test out would add logs', async () => {
    statements.length = 0;
    const result = await count('NOT http', 2);
    assert.equal(result.total, 0);
    assert.deepEqual(subsetCounts(), []);
  });
});
