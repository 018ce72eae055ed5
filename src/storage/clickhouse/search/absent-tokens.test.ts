/**
 * Field-less words no part holds, left out of the statements (absent-tokens.ts), on the engine: the same logs as
 * the tests kept, the test gone only where no active part's dictionary holds the word, kept for a part written
 * later or while the upgrade's mutation is still building an index.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSearchRequest, type SearchRequest } from '../../../query/index.js';
import type { SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { FIELDS_TEXT_INDEX, FIELDS_TOKENS_SQL, LOG_INDEXES, MESSAGE_TOKENS_SQL } from '../log-table-schema.js';
import { sqlString } from '../sql-literals.js';
import type { ClickHouseTransport, QuerySettings } from '../transport.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { ZONE_LOGS_FROM as FROM, zoneLogSearch, zoneLogWriter } from '../../../../test/support/zone-logs.js';
import { createAbsentTokenState, messageSubset, type TableWrites } from './absent-tokens.js';
import { PendingAnswers } from './compile/pending-answers.js';

const request = (query: string): SearchRequest =>
  parseSearchRequest(
    { query: { query_string: { query } }, size: 10, sort: [{ '@timestamp': 'desc' }], track_total_hits: true },
    { now: FROM, profile: 'elasticsearch' },
  );

const fieldsTest = (word: string): string => `has(${FIELDS_TOKENS_SQL}, ${sqlString(word)})`;
const messageTest = (word: string): string => `has(${MESSAGE_TOKENS_SQL}, ${sqlString(word)})`;

describe('field-less words no part holds', () => {
  const engine = openRecordingEngine('absent-tokens');
  const { transport, recording, statements } = engine;
  const executor = () => zoneLogSearch(recording);
  const search = executor();
  const scope: SearchScope = { accounts: [{ accountId: 1, fromMs: FROM }], toMs: FROM + 86_400_000, types: null, filter: null };
  const write = zoneLogWriter(transport, 1000);
  const insert = (rows: readonly { message: string; zone?: string }[]): Promise<void> => write(1, rows);
  async function ids(query: string, on = search): Promise<string[]> {
    const result = await on({ scope, request: request(query), receivedAtMostMs: null, after: null });
    assert.equal(result.total, result.hits.length);
    return result.hits.map((hit) => hit.id).sort();
  }
  /** The statements that test `word` on the messages (not the part lists, dictionary lookups, nor `_source` reads). */
  const testing = (word: string): string[] => statements.filter((sql) => sql.includes(messageTest(word)));

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    await insert([{ message: 'connection timeout', zone: 'eu' }, { message: 'all good', zone: 'us' }, { message: 'disk full' }]);
  });
  after(() => engine.close());

  it('leaves out the fields test of a word only messages hold, with the same logs', async () => {
    statements.length = 0;
    assert.deepEqual(await ids('timeout'), ['l1']);
    assert.ok(statements.some((sql) => sql.includes('mergeTreeTextIndex')));
    assert.ok(testing('timeout').length > 0);
    for (const sql of testing('timeout')) assert.ok(!sql.includes(fieldsTest('timeout')), sql);
    // And the other way round: a word only fields hold keeps the fields test alone.
    statements.length = 0;
    assert.deepEqual(await ids('eu'), ['l1']);
    assert.ok(statements.some((sql) => sql.includes(fieldsTest('eu'))));
    assert.deepEqual(testing('eu'), []);
  });

  it('answers NOT, OR and a word in no log as the tests would, with no OR left on a test taken out', async () => {
    statements.length = 0;
    assert.deepEqual(await ids('NOT timeout'), ['l2', 'l3']);
    assert.deepEqual(await ids('timeout OR us'), ['l1', 'l2']);
    assert.deepEqual(await ids('zyzzogeton'), []);
    assert.deepEqual(await ids('NOT zyzzogeton'), ['l1', 'l2', 'l3']);
    assert.deepEqual(await ids('"connection timeout"'), ['l1']);
    const searched = statements.filter((sql) => sql.includes('FROM logs WHERE'));
    assert.ok(searched.length > 0);
    for (const sql of searched) {
      assert.ok(!/ OR 0\)|\(0 OR /.test(sql), sql);
      assert.ok(!sql.includes(fieldsTest('zyzzogeton')) && !sql.includes(messageTest('zyzzogeton')), sql);
    }
  });

  it('keeps the test for a part written since, and finds the word there', async () => {
    assert.deepEqual(await ids('timeout'), ['l1']);
    await insert([{ message: 'retry', zone: 'timeout' }]);
    statements.length = 0;
    assert.deepEqual(await ids('timeout'), ['l1', 'l4']);
    assert.deepEqual(await ids('NOT timeout'), ['l2', 'l3']);
    assert.ok(testing('timeout').length > 0);
    assert.ok(testing('timeout').every((sql) => sql.includes(fieldsTest('timeout'))));
  });

  it('keeps the tests while the upgrade still builds an index, whose parts cannot answer', async () => {
    const index = LOG_INDEXES.find((i) => i.name === FIELDS_TEXT_INDEX);
    assert.ok(index !== undefined);
    await transport.exec(`ALTER TABLE logs DROP INDEX ${index.name}`);
    await insert([{ message: 'unindexed', zone: 'westerly' }]);
    await transport.exec(
      `ALTER TABLE logs ADD INDEX ${index.name} ${index.expression} TYPE ${index.type} GRANULARITY ${index.granularity}`,
    );
    await transport.exec('SYSTEM STOP MERGES logs');
    try {
      await transport.exec(`ALTER TABLE logs MATERIALIZE INDEX ${index.name}`, { mutations_sync: 0 });
      // A new store's executor: nothing known yet, the mutation pending.
      assert.deepEqual(await ids('westerly', executor()), ['l5']);
    } finally {
      await transport.exec('SYSTEM START MERGES logs');
    }
    for (let i = 0; i < 100; i += 1) {
      const [row] = await transport.query<{ n: number | string }>(
        "SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND table = 'logs' AND NOT is_done",
      );
      if (Number(row?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Built: the part's dictionary answers, and the word is found through it.
    assert.deepEqual(await ids('westerly', executor()), ['l5']);
  });

  it('keeps the test of a word whose parts were merged away while their dictionaries were read', async () => {
    await insert([{ message: 'merge me' }]);
    await insert([{ message: 'merge again' }]);
    let merged = false;
    // The engine merges the parts right after the search has listed them: their dictionaries then answer nothing.
    const merging: ClickHouseTransport = {
      ...transport,
      query: async <Row>(sql: string, settings?: QuerySettings): Promise<Row[]> => {
        const rows = await transport.query<Row>(sql, settings);
        if (!merged && sql.includes(' AS parts')) {
          merged = true;
          await transport.exec('OPTIMIZE TABLE logs FINAL');
        }
        return rows;
      },
    };
    const found = await ids('merge', zoneLogSearch(merging));
    assert.ok(merged);
    assert.equal(found.length, 2);
  });

  it("reuses the parts listed last while the store, the table's only writer, has inserted nothing since", async () => {
    // The generations as the store's derived-state owner moves them (log-table-state.ts writing()).
    const writes: TableWrites = { generation: 0, inFlight: 0 };
    const state = createAbsentTokenState(writes);
    const sole = zoneLogSearch(recording, state);
    const listings = (): number => statements.filter((sql) => sql.includes(' AS parts') && !sql.includes('mergeTreeTextIndex')).length;
    assert.deepEqual(await ids('quokka', sole), []);
    statements.length = 0;
    assert.deepEqual(await ids('quokka', sole), []);
    assert.deepEqual(await ids('NOT quokka', sole), ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7']);
    assert.equal(listings(), 0);
    // An insert the store reports: the next search lists the parts again and finds the word in the new one.
    writes.generation += 1;
    writes.inFlight += 1;
    await insert([{ message: 'a quokka' }]);
    writes.generation += 1;
    writes.inFlight -= 1;
    statements.length = 0;
    assert.deepEqual(await ids('quokka', sole), ['l8']);
    assert.equal(listings(), 1);
    // A merge writes no word its parts did not hold: once the merged part is read, no listing for a word in no log.
    await transport.exec('OPTIMIZE TABLE logs FINAL');
    assert.deepEqual(await ids('zyzzogeton', sole), []);
    statements.length = 0;
    assert.deepEqual(await ids('zyzzogeton', sole), []);
    assert.equal(listings(), 0);
  });
});

describe('the message side of a statement (messageSubset)', () => {
  it('leaves out the tests of the fields index and of the columns of few values, listed or still a pending answer', () => {
    const state = createAbsentTokenState();
    const listed = `ifNull(f_thread IN ('http-nio-1', 'it\\'s http'), 0)`;
    const placeholder = new PendingAnswers().add({
      kind: 'few-values',
      lookup: { columns: { f_host: ['web-1'] }, matching: ["arrayFilter(v -> 1, ['web-1'])"] },
    });
    const sql = `SELECT count() AS n FROM logs WHERE account = 1 AND ((${messageTest('http')} OR ${fieldsTest('http')} OR (${listed} OR ${placeholder})))`;
    const subset = messageSubset(state, 'logs', sql);
    assert.equal(subset?.sql, `SELECT count() AS n FROM logs WHERE account = 1 AND ((${messageTest('http')}))`);
    // A column scanned value by value (past its catalog's cap) stays: it is no listed test.
    const scanned = `positionCaseInsensitive(ifNull(f_thread, ''), 'http') > 0`;
    assert.ok(messageSubset(state, 'logs', `${sql} AND ${scanned}`)?.sql.endsWith(scanned));
  });
});
