/**
 * Words without a field (what people type in a search bar) match what Elasticsearch matches on the individual
 * fields — nested fields, numbers, booleans, array elements, text in any script — through every read path:
 * /v1/search, /v1/scroll, the Elasticsearch-compatible API and alerts (decision 0136).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Session } from 'chdb';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';
import { MAX_VALUES_PER_FIELD } from '../../src/storage/clickhouse/field-catalog.js';

const backend = controlPlaneBackends[0];
const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;
const at = (offsetMs: number, log: Record<string, unknown>): Record<string, unknown> => ({
  '@timestamp': new Date(T0 + offsetMs).toISOString(),
  ...log,
});

const LOGS = [
  at(1_000, { message: 'payment accepted', user: { name: 'Zelda' }, status: 500, tags: ['alpha', 'Beta'], ok: true }),
  // The message repeats the fields' text, as a parsed access log does.
  at(2_000, { message: 'GET /x 200', path: '/x', status: 200 }),
  at(3_000, { message: 'only text here', order: { amount: 12.5 }, geo: { country: 'DE' }, level: 'ERROR' }),
  at(4_000, { message: 'plain words', city: 'Zürich café' }),
  at(5_000, { message: 'Grüße aus Köln', note: 'hello world', items: 7 }),
  // Both words of a phrase in the message, apart; the phrase itself in a field; two words in adjacent array elements.
  at(6_000, { message: 'refused the connection', error: { reason: 'connection refused by peer' }, hops: ['gateway', 'timeout'] }),
  // Negative numbers: the engine prints -7 as `-7`, whose token is `7`; Elasticsearch compares the value.
  at(7_000, { message: 'cooling down', sensor: { temp: -7, offset: -0.5 } }),
  // An array of numbers is stored as text (`-9`, whose token is `9`); Elasticsearch maps it as numbers.
  at(8_000, { message: 'sampled values', vals: [-9, 4], batch: 'run 3_' }),
  // Columns of few values (host, thread, logger), which the value catalog answers, not the all-fields index.
  at(9_000, { message: 'served', host: 'websrv-3', thread: 'http-nio-8080-exec-12', logger: 'com.shop.Cart' }),
];
const NAMES = ['zelda', 'access', 'order', 'city', 'koln', 'peer', 'fridge', 'samples', 'server'];

interface Hit {
  _source: Record<string, unknown>;
}

describe('field-less words match every field as Elasticsearch does', () => {
  assert.ok(backend !== undefined);
  const clock = createManualClock(T0 + 10_000);
  let t: TestApp;

  const post = async (url: string, body: unknown) => {
    const response = await t.api.inject({ method: 'POST', url, headers: { 'x-api-token': t.apiToken }, payload: body as object });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Record<string, unknown>>();
  };
  /** Which logs (by NAMES) a query matches, and the total the response gives. */
  const found = async (query: unknown): Promise<[string[], number]> => {
    const body = (await post('/v1/search', { query, size: 10 })) as { hits: { total: number; hits: Hit[] } };
    return [namesOf(body.hits.hits), body.hits.total];
  };
  const namesOf = (hits: readonly Hit[]): string[] =>
    hits.map((hit) => NAMES[LOGS.findIndex((log) => log.message === hit._source.message)] ?? '?').sort();
  const typed = (query: string) => found({ query_string: { query } });

  before(async () => {
    // Word counts made of every word (decision 0197) once the last test asks for them.
    const wordCountLimits = { minAccountLogs: 1, minShare: 0, maxWords: 10_000, minPartAgeMs: 0 };
    t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' }, compose: { alertSettleDelayMs: 0, wordCountLimits } });
    const { listenerUrl } = await t.listen();
    await shipLogs(listenerUrl, t.shippingToken, 'app', LOGS);
  });
  after(async () => t.close());

  it('finds a word only in another field, nested, in an array or a keyword-like value, counted once per log', async () => {
    assert.deepEqual(await typed('zelda'), [['zelda'], 1]);
    assert.deepEqual(await typed('Zelda'), [['zelda'], 1]);
    assert.deepEqual(await typed('beta'), [['zelda'], 1]);
    assert.deepEqual(await typed('de'), [['order'], 1]);
    assert.deepEqual(await typed('hello'), [['koln'], 1]);
    // In `message` and in `path` (text and its `.keyword`): one log, counted once.
    assert.deepEqual(await typed('x'), [['access'], 1]);
    assert.deepEqual(await typed('nothing'), [[], 0]);
  });

  it('compares numbers and booleans by value, whatever the spelling', async () => {
    assert.deepEqual(await typed('500'), [['zelda'], 1]);
    assert.deepEqual(await typed('500.0'), [['zelda'], 1]);
    // 200 is also a word of the message; 200.0 only the number.
    assert.deepEqual(await typed('200'), [['access'], 1]);
    assert.deepEqual(await typed('200.0'), [['access'], 1]);
    assert.deepEqual(await typed('12.5'), [['order'], 1]);
    assert.deepEqual(await typed('"12.5"'), [['order'], 1]);
    assert.deepEqual(await typed('\\-0.5'), [['fridge'], 1]);
    // The index holds 12.5 as `12_` (decision 0196): neither the integer 12 (a word of a thread's name here) nor
    // the word `12_` is that number.
    assert.deepEqual(await typed('12'), [['server'], 1]);
    assert.deepEqual(await typed('12_'), [[], 0]);
    assert.deepEqual(await typed('3_'), [['samples'], 1]);
    assert.deepEqual(await typed('7'), [['koln'], 1]);
    assert.deepEqual(await typed('0.5'), [[], 0]);
    assert.deepEqual(await typed('sensor.temp:\\-7'), [['fridge'], 1]);
    // The token of -7 is `7`: a numeric field holding 7 is another value (Elasticsearch compares numbers by value).
    assert.deepEqual(await typed('\\-7'), [['fridge'], 1]);
    assert.deepEqual(await typed('"-7"'), [['fridge'], 1]);
    assert.deepEqual(await typed('"500"'), [['zelda'], 1]);
    // Two clauses: 7 alone is a number; in one match query `zelda 7` is no number, and 7 only a word of text.
    assert.deepEqual(await typed('zelda 7'), [['koln', 'zelda'], 2]);
    assert.deepEqual(await found({ multi_match: { query: 'zelda 7' } }), [['zelda'], 1]);
    assert.deepEqual(await typed('true'), [['zelda'], 1]);
  });

  it('compares the elements of an array of numbers by value, never as words', async () => {
    assert.deepEqual(await typed('9'), [[], 0]);
    assert.deepEqual(await typed('\\-9'), [['samples'], 1]);
    assert.deepEqual(await typed('4'), [['samples'], 1]);
    assert.deepEqual(await typed('"-9"'), [['samples'], 1]);
  });

  it('applies the analyzer to text in any script, in fields and messages', async () => {
    assert.deepEqual(await typed('café'), [['city'], 1]);
    assert.deepEqual(await typed('ZÜRICH'), [['city'], 1]);
    assert.deepEqual(await typed('köln'), [['koln'], 1]);
    assert.deepEqual(await typed('caf'), [[], 0]);
  });

  it('answers phrases, boolean combinations, negations and patterns', async () => {
    assert.deepEqual(await typed('"hello world"'), [['koln'], 1]);
    assert.deepEqual(await typed('"world hello"'), [[], 0]);
    assert.deepEqual(await typed('"payment accepted"'), [['zelda'], 1]);
    assert.deepEqual(await typed('de AND level:ERROR'), [['order'], 1]);
    assert.deepEqual(await typed('zelda AND level:ERROR'), [[], 0]);
    assert.deepEqual(await typed('NOT zelda'), [['access', 'city', 'fridge', 'koln', 'order', 'peer', 'samples', 'server'], 8]);
    assert.deepEqual(await typed('zel*'), [['zelda'], 1]);
    assert.deepEqual(await typed('zü*'), [['city'], 1]);
    assert.deepEqual(await found({ simple_query_string: { query: 'zelda' } }), [['zelda'], 1]);
    assert.deepEqual(await found({ multi_match: { query: 'hello' } }), [['koln'], 1]);
  });

  it('finds the values of the columns of few values (host, level, thread) through their catalog', async () => {
    assert.deepEqual(await typed('websrv'), [['server'], 1]);
    assert.deepEqual(await typed('WEBSRV'), [['server'], 1]);
    assert.deepEqual(await typed('error'), [['order'], 1]);
    assert.deepEqual(await typed('exec'), [['server'], 1]);
    assert.deepEqual(await typed('com.shop.cart'), [['server'], 1]);
    assert.deepEqual(await typed('shop'), [[], 0]);
    assert.deepEqual(await typed('"http nio"'), [['server'], 1]);
    assert.deepEqual(await typed('"exec 12"'), [['server'], 1]);
    assert.deepEqual(await typed('"nio exec"'), [[], 0]);
    assert.deepEqual(await typed('websr*'), [['server'], 1]);
    assert.deepEqual(await typed('websrx~1'), [['server'], 1]);
    assert.deepEqual(await typed('8080 AND NOT error'), [['server'], 1]);
    assert.deepEqual((await typed('NOT websrv'))[1], 8);
    assert.deepEqual(await found({ multi_match: { query: 'websrv' } }), [['server'], 1]);
    const es = (await post('/_search', { query: { query_string: { query: '*bsrv' } } })) as { hits: { hits: Hit[] } };
    assert.deepEqual(namesOf(es.hits.hits), ['server']);
  });

  it('matches a phrase within one value of one field, never across values, array elements or fields', async () => {
    assert.deepEqual(await typed('"connection refused"'), [['peer'], 1]);
    assert.deepEqual(await typed('"refused the"'), [['peer'], 1]);
    assert.deepEqual(await typed('"refused connection"'), [[], 0]);
    assert.deepEqual(await typed('"gateway timeout"'), [[], 0]);
    assert.deepEqual(await typed('"peer gateway"'), [[], 0]);
    assert.deepEqual(await typed('"connection refused by peer"'), [['peer'], 1]);
    assert.deepEqual(await typed('"the connection refused"'), [[], 0]);
    assert.deepEqual(await typed('"connection refused" AND NOT "refused by"'), [[], 0]);
    assert.deepEqual(await typed('"hello world" OR "connection refused"'), [['koln', 'peer'], 2]);
  });

  it('scrolls and answers the Elasticsearch API the same way', async () => {
    const opened = (await post('/v1/scroll', { query: { query_string: { query: 'beta OR köln' } }, size: 1, scroll: '1m' })) as {
      scrollId: string;
      hits: string;
    };
    const first = JSON.parse(opened.hits) as { total: number; hits: Hit[] };
    assert.equal(first.total, 2);
    const next = (await post('/v1/scroll', { scroll_id: opened.scrollId })) as { hits: string };
    const second = JSON.parse(next.hits) as { hits: Hit[] };
    assert.deepEqual(namesOf([...first.hits, ...second.hits]), ['koln', 'zelda']);

    // Elasticsearch clients may lead with a wildcard (/v1/search refuses it, as Logz.io does).
    const es = (await post('/_search', { query: { query_string: { query: '*lda' } } })) as {
      hits: { total: { value: number }; hits: Hit[] };
    };
    assert.deepEqual([namesOf(es.hits.hits), es.hits.total.value], [['zelda'], 1]);
    const q = await t.api.inject({ method: 'GET', url: '/v1/elasticsearch/app/_search?q=500.0', headers: { 'x-api-token': t.apiToken } });
    assert.deepEqual(namesOf(q.json<{ hits: { hits: Hit[] } }>().hits.hits), ['zelda']);
  });

  it('fires an alert whose query is a field-less word and pattern', async () => {
    const created = await t.api.inject({
      method: 'POST',
      url: '/v2/alerts',
      headers: { 'x-api-token': t.apiToken },
      payload: {
        title: 'Zelda seen',
        searchTimeFrameMinutes: 5,
        output: { recipients: { emails: ['oncall@example.com'] }, suppressNotificationsMinutes: 0, type: 'JSON' },
        subComponents: [
          {
            queryDefinition: { query: 'zel* OR köln', aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 2 } },
            output: { shouldUseAllFields: true },
          },
        ],
      },
    });
    assert.equal(created.statusCode, 200, created.body);
    clock.set(T0 + MINUTE + 1_000);
    const report = await t.app.alertEvaluation.runCycle(new AbortController().signal);
    assert.equal(report.firings, 1);
  });

  it('gives the same totals once the words are counted ahead, and reads them from the counts (decision 0197)', async () => {
    const words = [
      ...['zelda', 'Zelda', 'beta', 'de', 'hello', 'x', 'nothing', '500', '500.0', '200', '200.0', '12.5', '12', '12_', '3_', '7'],
      ...['0.5', 'true', '9', '4', 'café', 'ZÜRICH', 'köln', 'caf', 'websrv', 'WEBSRV', 'error', 'exec', 'com.shop.cart', 'shop'],
      ...['8080', 'nio', 'http', 'payment', 'refused', 'message:payment', 'message:refused', 'message:zelda', 'message:200'],
    ];
    // Without hits: a first page ranked by relevance counts its matches with their best score, row by row.
    const totalOf = async (query: string): Promise<number> =>
      ((await post('/v1/search', { query: { query_string: { query } }, size: 0 })) as { hits: { total: number } }).hits.total;
    const totals = async (): Promise<number[]> => Promise.all(words.map(totalOf));
    const before = await totals();
    // The scheduler's job, which a running store runs every minute.
    await t.app.wordCountJob.run(new AbortController().signal);
    // A count the table holds is what the total is made of: one made up for `zelda`, before any search reads the
    // counts, shows in its total (and only there).
    const session = new Session(t.config.logStoreUrl.slice('chdb:'.length));
    try {
      const read = (sql: string) => session.queryAsync(sql, { format: 'JSONEachRow' }).then((result) => result.text());
      const counted = JSON.parse(
        (await read(
          "SELECT part, account, block, first_row, last_row, min_ts, max_ts FROM log_word_counts WHERE field = '*' AND word = 'zelda' AND complete = 0 LIMIT 1",
        )) || 'null',
      ) as { part: string; account: number; block: number; first_row: number; last_row: number; min_ts: string; max_ts: string } | null;
      assert.ok(counted !== null);
      await read(
        'INSERT INTO log_word_counts (account, field, word, part, block, first_row, last_row, min_ts, max_ts, logs, complete) VALUES ' +
          `(${counted.account}, '*', 'zelda', '${counted.part}', ${counted.block}, ${counted.first_row}, ${counted.last_row}, '${counted.min_ts}', '${counted.max_ts}', 1000, 0)`,
      );
    } finally {
      session.close();
    }
    const after = await totals();
    assert.deepEqual(
      after,
      // `Zelda` is the same one-word query: a word of letters in any case.
      before.map((total, i) => (words[i] === 'zelda' || words[i] === 'Zelda' ? total + 1000 : total)),
    );
  });
});

describe('field-less words in a column of few values that had too many to list', () => {
  assert.ok(backend !== undefined);
  const clock = createManualClock(T0 + 10_000);
  let t: TestApp;
  const total = async (query: string): Promise<number> => {
    const response = await t.api.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { 'x-api-token': t.apiToken },
      payload: { query: { query_string: { query } }, size: 0 },
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ hits: { total: number } }>().hits.total;
  };

  before(async () => {
    t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' } });
    const { listenerUrl } = await t.listen();
    // One more distinct thread than the catalog lists: the column is then tested value by value.
    const logs = Array.from({ length: MAX_VALUES_PER_FIELD + 1 }, (_, i) => at(i, { message: 'tick', thread: `w${i}x worker pool` }));
    await shipLogs(listenerUrl, t.shippingToken, 'app', logs);
  });
  after(async () => t.close());

  it('still finds every value, listed or not', async () => {
    assert.equal(await total('w0x'), 1);
    assert.equal(await total(`w${MAX_VALUES_PER_FIELD}x`), 1);
    assert.equal(await total('w100*'), 2);
    assert.equal(await total('"worker pool"'), MAX_VALUES_PER_FIELD + 1);
    assert.equal(await total('"pool worker"'), 0);
    assert.equal(await total('nothing'), 0);
  });
});
