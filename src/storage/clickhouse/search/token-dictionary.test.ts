/**
 * Token patterns answered from the text indexes' dictionaries (compile/token-dictionary.ts), on the engine: the same
 * logs as a test of every token, the index in the plan, and the value-by-value test kept where the dictionary
 * cannot answer (a part written before the index, too many matching tokens, a message the index tokenizes otherwise).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Session } from 'chdb';
import { parseSearchRequest, type SearchRequest } from '../../../query/index.js';
import type { CatalogField, SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { LOG_INDEXES, MESSAGE_TEXT_INDEX } from '../log-table-schema.js';
import { DICTIONARY_TOKENS_MAX, dictionaryPatternSql } from './compile/token-dictionary.js';
import { PendingAnswers } from './compile/pending-answers.js';
import { createTokenDictionaryCache, dictionaryAnswers, dictionaryChunks } from './dictionary-answers.js';
import { StatementCancelledError } from '../transport.js';
import { queryHelpers } from './compile/query-helpers.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { createSearchExecutor } from './search-executor.js';

const FROM = Date.UTC(2026, 10, 20);
const field = (name: string, type: CatalogField['type'], plainText: boolean): CatalogField => ({
  name,
  type,
  conflictingTypes: [],
  inArrays: false,
  plainText,
});

/** Newest first with an exact total, as /v1/search asks; a count of every match (size is the page only). */
const request = (query: unknown): SearchRequest =>
  parseSearchRequest(
    { query, size: 10, sort: [{ '@timestamp': 'desc' }], track_total_hits: true },
    { now: FROM, profile: 'elasticsearch' },
  );

interface Row {
  readonly message: string;
  readonly plain?: number;
  readonly zone?: string;
  readonly code?: number;
}

describe('token patterns through the text index dictionaries', () => {
  const engine = openRecordingEngine('token-dictionary');
  const { transport, recording, statements } = engine;
  // Account 1 only ever had plain text; account 2 also a message the engine tokenizes otherwise (non-ASCII).
  const catalogs = new Map([
    [1, [field('message', 'text', true), field('zone', 'text', true), field('code', 'long', true)]],
    [2, [field('message', 'text', false)]],
  ]);
  const search = createSearchExecutor({
    transport: recording,
    table: 'logs',
    readCatalog: async (ids) => new Map(ids.map((id) => [id, catalogs.get(id) ?? []])),
    helpers: queryHelpers,
  });
  const scope = (accountId: number): SearchScope => ({
    accounts: [{ accountId, fromMs: FROM }],
    toMs: FROM + 86_400_000,
    types: null,
    filter: null,
  });
  let written = 0;
  async function insert(account: number, rows: readonly Row[]): Promise<void> {
    const lines = rows.map((r) => {
      written += 1;
      return JSON.stringify({
        account,
        ts: new Date(FROM + written * 1000).toISOString().replace('T', ' ').replace('Z', ''),
        id: `${account}-${r.message.replaceAll(' ', '-')}`,
        type: 'app',
        message: r.message,
        message_plain: r.plain ?? 1,
        fields_plain: 1,
        retention_days: 30,
        str: r.zone === undefined ? {} : { zone: r.zone },
        num: r.code === undefined ? {} : { code: r.code },
        source: JSON.stringify(r),
      });
    });
    await transport.insertJsonEachRow('logs', Buffer.from(lines.join('\n')));
  }
  async function ids(account: number, query: unknown): Promise<string[]> {
    const result = await search({ scope: scope(account), request: request(query), receivedAtMostMs: null, after: null });
    assert.equal(result.total, result.hits.length);
    return result.hits.map((hit) => hit.id).sort();
  }

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    await insert(1, [
      { message: 'connection timeout now' },
      { message: 'read timeouts' },
      { message: 'all good', zone: 'eu gatewaytimeout' },
      { message: 'status', code: 504 },
      { message: 'timeout again', zone: 'timeout' },
    ]);
    await insert(2, [{ message: 'Zeitüberschreitung: stimeout', plain: 0 }, { message: 'plain timeout' }]);
  });
  after(() => engine.close());

  it('finds a leading wildcard, a regexp, a fuzzy term and a prefix on message through the index', async () => {
    assert.deepEqual(await ids(1, { wildcard: { message: '*imeout' } }), ['1-connection-timeout-now', '1-timeout-again']);
    assert.deepEqual(await ids(1, { regexp: { message: '.*meouts?' } }), [
      '1-connection-timeout-now',
      '1-read-timeouts',
      '1-timeout-again',
    ]);
    assert.deepEqual(await ids(1, { fuzzy: { message: { value: 'timeoutz', fuzziness: 1 } } }), [
      '1-connection-timeout-now',
      '1-read-timeouts',
      '1-timeout-again',
    ]);
    assert.deepEqual(await ids(1, { prefix: { message: 'tim' } }), ['1-connection-timeout-now', '1-read-timeouts', '1-timeout-again']);
    assert.deepEqual(await ids(1, { wildcard: { message: '*nothing*' } }), []);
    // The engine reads the matching tokens' posting lists, not the messages.
    statements.length = 0;
    await ids(1, { wildcard: { message: '*imeout' } });
    const plans = await Promise.all(statements.map((sql) => explained(sql)));
    assert.ok(
      plans.some((plan) => plan.includes(`Name: ${MESSAGE_TEXT_INDEX}`) && /tokens: \[[^\]]*"timeout"/.test(plan)),
      plans.join('\n'),
    );
  });

  it('reads each dictionary once for every pattern of a search', async () => {
    statements.length = 0;
    const query = {
      bool: { should: [{ wildcard: { message: '*imeout' } }, { wildcard: { message: '*ood' } }, { query_string: { query: 'gate*' } }] },
    };
    assert.deepEqual(await ids(1, query), ['1-all-good', '1-connection-timeout-now', '1-timeout-again']);
    const reads = statements.filter((sql) => sql.includes('mergeTreeTextIndex'));
    assert.equal(reads.length, 2, reads.join('\n'));
    assert.ok(
      reads.some(
        (sql) => sql.includes(`\`${MESSAGE_TEXT_INDEX}\`)`) && sql.includes("'^(?s:.*ood)$'") && sql.includes("'^(?s:.*imeout)$'"),
      ),
    );
    assert.ok(reads.some((sql) => sql.includes('`fields_text`)')));
  });

  it('finds field-less patterns in other fields, never in numbers, and each log once', async () => {
    assert.deepEqual(await ids(1, { query_string: { query: '*imeout' } }), ['1-all-good', '1-connection-timeout-now', '1-timeout-again']);
    assert.deepEqual(await ids(1, { query_string: { query: 'gate*' } }), ['1-all-good']);
    // 504 is a number: Elasticsearch tests patterns on text and keywords only.
    assert.deepEqual(await ids(1, { query_string: { query: '50*' } }), []);
    assert.deepEqual(await ids(1, { query_string: { query: 'stat*' } }), ['1-status']);
  });

  it('tests each token of a message the index tokenizes otherwise', async () => {
    assert.deepEqual(await ids(2, { wildcard: { message: '*imeout' } }), ['2-Zeitüberschreitung:-stimeout', '2-plain-timeout']);
    assert.deepEqual(await ids(2, { query_string: { query: 'zeitüb*' } }), ['2-Zeitüberschreitung:-stimeout']);
  });

  it('tests every token where more tokens match than the dictionary lists', async () => {
    const many = Array.from({ length: DICTIONARY_TOKENS_MAX + 5 }, (_, i) => ({ message: `ticket t${String(i).padStart(5, '0')}x` }));
    await insert(3, many);
    catalogs.set(3, [field('message', 'text', true)]);
    const result = await search({
      scope: scope(3),
      request: request({ wildcard: { message: 't*x' } }),
      receivedAtMostMs: null,
      after: null,
    });
    assert.equal(result.total, many.length);
  });

  it('finds a token held only by a part written before the index existed', async () => {
    const index = LOG_INDEXES.find((i) => i.name === MESSAGE_TEXT_INDEX);
    assert.ok(index !== undefined);
    await transport.exec(`ALTER TABLE logs DROP INDEX ${index.name}`);
    await insert(4, [{ message: 'upgrade bluetimeouts' }]);
    await transport.exec(
      `ALTER TABLE logs ADD INDEX ${index.name} ${index.expression} TYPE ${index.type} GRANULARITY ${index.granularity}`,
    );
    await insert(4, [{ message: 'after redtimeout' }]);
    catalogs.set(4, [field('message', 'text', true)]);
    assert.deepEqual(await ids(4, { wildcard: { message: '*timeouts' } }), ['4-upgrade-bluetimeouts']);
    assert.deepEqual(await ids(4, { wildcard: { message: '*timeout*' } }), ['4-after-redtimeout', '4-upgrade-bluetimeouts']);
    // Once the upgrade's mutation has built it, the dictionary answers again.
    await transport.exec(`ALTER TABLE logs MATERIALIZE INDEX ${index.name} SETTINGS mutations_sync = 2`);
    assert.deepEqual(await ids(4, { wildcard: { message: '*timeouts' } }), ['4-upgrade-bluetimeouts']);
  });

  it('reads again only the parts written since the pattern was last looked up', async () => {
    // Held merges: a background merge would also make a part not yet looked up (CI once saw it), and this test is
    // about the insert's part alone.
    await transport.exec('SYSTEM STOP MERGES logs');
    try {
      // Account 3 holds most of the table's logs: its searches read the dictionary.
      assert.deepEqual(await ids(3, { wildcard: { message: '*imeout' } }), []);
      statements.length = 0;
      assert.deepEqual(await ids(3, { wildcard: { message: '*imeout' } }), []);
      assert.deepEqual(
        statements.filter((sql) => sql.includes('mergeTreeTextIndex')),
        [],
      );
      await insert(3, [{ message: 'late overtimeout' }]);
      const [newest] = await transport.query<{ name: string }>(
        `SELECT name FROM system.parts WHERE database = currentDatabase() AND table = 'logs' AND active ORDER BY modification_time DESC, name DESC LIMIT 1`,
      );
      statements.length = 0;
      assert.deepEqual(await ids(3, { wildcard: { message: '*imeout' } }), ['3-late-overtimeout']);
      const reads = statements.filter((sql) => sql.includes('mergeTreeTextIndex'));
      assert.equal(reads.length, 1);
      assert.ok(reads[0]?.includes(`part_name IN ('${newest?.name ?? ''}')`), reads[0]);
    } finally {
      await transport.exec('SYSTEM START MERGES logs');
    }
  });

  it('tests each token where the scope holds a small share of the logs, without the dictionary', async () => {
    await transport.exec(
      `INSERT INTO logs (account, ts, id, type, message, message_plain, fields_plain, retention_days, source) ` +
        `SELECT 5, toDateTime64('2026-11-20 12:00:00', 3) + intDiv(number, 10), concat('bulk-', toString(number)), 'app', ` +
        `concat('bulk line ', toString(number)), 1, 1, 30, '{}' FROM numbers(200000)`,
    );
    catalogs.set(5, [field('message', 'text', true)]);
    statements.length = 0;
    assert.deepEqual(await ids(1, { wildcard: { message: '*imeout' } }), ['1-connection-timeout-now', '1-timeout-again']);
    const plans = await Promise.all(statements.filter((sql) => sql.includes('arrayExists')).map((sql) => explained(sql)));
    assert.ok(plans.length > 0);
    assert.ok(
      plans.every((plan) => !/tokens: \[/.test(plan)),
      plans.join('\n'),
    );
    // The large account's own search still goes through the dictionary.
    statements.length = 0;
    const result = await search({
      scope: scope(5),
      request: request({ wildcard: { message: '*ulk' } }),
      receivedAtMostMs: null,
      after: null,
    });
    assert.equal(result.total, 200_000);
    const bulkPlans = await Promise.all(statements.filter((sql) => sql.includes('hasAny')).map((sql) => explained(sql)));
    assert.ok(
      bulkPlans.some((plan) => /tokens: \[[^\]]*"bulk"/.test(plan)),
      bulkPlans.join('\n'),
    );
  });

  async function explained(sql: string): Promise<string> {
    const rows = await transport.query<{ explain: string }>(`EXPLAIN indexes = 1 ${sql}`);
    return rows.map((row) => row.explain).join('\n');
  }

  it('reads a large part a token range at a time, with the same answer, and stops between ranges once cancelled', async () => {
    const pending = new PendingAnswers();
    const placeholder = dictionaryPatternSql(
      pending,
      { name: MESSAGE_TEXT_INDEX, exact: 'all', tokens: 'toks' },
      (token) => `match(${token}, '^(?s:.*imeout|bul.*|.*ine)$')`,
      'scan',
    );
    const tokensOf = (sql: string): string[] => [...sql.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '').sort();
    const reads: string[] = [];
    const answer = (chunkRows: number, run = (sql: string) => transport.query<Record<string, unknown>>(sql)) =>
      dictionaryAnswers({
        table: 'logs',
        scopeBounds: '1',
        run: (sql) => {
          if (sql.includes('mergeTreeTextIndex')) reads.push(sql);
          return run(sql);
        },
        cache: createTokenDictionaryCache(),
        pending,
        chunkRows,
      })(placeholder);
    const whole = await answer(10_000_000);
    assert.equal(reads.length, 1);
    reads.length = 0;
    const cut = await answer(1000);
    assert.deepEqual(tokensOf(cut), tokensOf(whole));
    assert.ok(tokensOf(whole).includes('timeout') && tokensOf(whole).includes('bulk'), whole);
    // The 200,000-log part of account 5 is read in 37 token ranges, the small parts together.
    assert.ok(reads.length > 37, String(reads.length));
    assert.ok(reads.some((sql) => sql.includes("AND token >= 'h' AND token < 'i'")));
    // Cancelled after the first range: no further statement starts (the lane refuses them, as the fair queue does).
    reads.length = 0;
    let cancelled = false;
    const stopped = await answer(1000, async (sql) => {
      if (cancelled) throw new StatementCancelledError();
      const rows = await transport.query<Record<string, unknown>>(sql);
      if (sql.includes('mergeTreeTextIndex')) cancelled = true;
      return rows;
    });
    assert.equal(stopped, '(scan)');
    assert.ok(reads.length <= 3, String(reads.length));
  });

  it('cuts a read into statements of bounded size', () => {
    const part = (name: string, rows: number) => ({ name, key: name, rows, madeAtMs: 0 });
    assert.deepEqual(
      dictionaryChunks([part('a', 5), part('b', 5), part('c', 5)], 10).map((chunk) => chunk.parts.map((p) => p.name)),
      [['a', 'b'], ['c']],
    );
    const big = dictionaryChunks([part('big', 25)], 10);
    assert.deepEqual(
      big.map(({ from, to }) => [from, to]),
      [
        [undefined, 'b'],
        ['b', 'n'],
        ['n', undefined],
      ],
    );
    assert.equal(dictionaryChunks([part('huge', 10_000)], 10).length, 37);
  });

  it('a cancelled dictionary read is gone from the engine once its promise settles', async () => {
    // A Session of the test's own: the transport's only one runs the statement (and the next statement on it would
    // clear what this test looks for).
    const watcher = new Session(engine.dir);
    try {
      const processes = async (): Promise<number> =>
        (
          JSON.parse(
            (
              await watcher.queryAsync(
                "SELECT count() AS n FROM system.processes WHERE query LIKE '%mergeTreeTextIndex%' AND query NOT LIKE '%system.processes%' AND query NOT LIKE 'KILL%'",
                { format: 'JSONEachRow' },
              )
            ).text(),
          ) as { n: number }
        ).n;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const controller = new AbortController();
        // Slow on purpose: every token of the 200,000-log part tested 40 times.
        const running = transport.query(
          `SELECT count() AS n FROM mergeTreeTextIndex(currentDatabase(), logs, ${MESSAGE_TEXT_INDEX}) AS d, numbers(40) AS n ` +
            `WHERE match(concat(token, toString(number)), '^(?s:.*b.*u.*l.*k.*9.*9.*z.*)$')`,
          {},
          { signal: controller.signal },
        );
        const settled = running.then(
          () => 'ended',
          (error: unknown) => (error instanceof StatementCancelledError ? 'cancelled' : String(error)),
        );
        const deadline = Date.now() + 10_000;
        let seen = false;
        while (!(seen = (await processes()) > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
        controller.abort();
        const outcome = await settled;
        // Only a statement seen running in the engine when cancelled counts.
        if (!seen) assert.fail(`the statement never showed in system.processes (${outcome})`);
        if (outcome === 'ended') continue;
        assert.equal(outcome, 'cancelled');
        assert.equal(await processes(), 0, 'the statement is gone from system.processes when the cancel settles');
        return;
      }
      assert.fail('the statement always ended before it could be cancelled');
    } finally {
      watcher.close();
    }
  });
});
