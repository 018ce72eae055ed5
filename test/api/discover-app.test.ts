/**
 * The web app's Discover routes (/v1/app/…) over real HTTP on a real store: any range within retention (refused
 * past it), /v1/search keeping its 2-day window, surrounding logs both ways with timestamp ties, patterns with exact
 * counts, a streamed CSV export, cancel by id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
const NOW = Date.now();
const DAY = 86_400_000;

interface Hit {
  _id: string;
  _source: Record<string, unknown>;
  sort?: unknown[];
}
interface AppSearch {
  range: { fromMs: number; toMs: number };
  hits: { total?: { value: number; relation: string }; hits: Hit[] };
  aggregations?: Record<string, unknown>;
}

/** 30 logs a minute apart on web-1/web-2, three sharing one millisecond, and one 5 days old. */
const TIE_MS = NOW - 30.5 * 60_000;
const LOGS = [
  ...Array.from({ length: 30 }, (_, i) => ({
    '@timestamp': new Date(NOW - (i + 1) * 60_000).toISOString(),
    message: i % 3 === 0 ? `payment ${i} failed: card declined` : `request ${i} served in ${i} ms`,
    host: i % 2 === 0 ? 'web-1' : 'web-2',
    seq: i,
  })),
  ...[0, 1, 2].map((k) => ({ '@timestamp': new Date(TIE_MS).toISOString(), message: `tie ${k}`, host: 'web-1', seq: 100 + k })),
  { '@timestamp': new Date(NOW - 5 * DAY).toISOString(), message: 'five days old, still retained', host: 'web-9', seq: 500 },
];

describe('Discover routes of the web app', () => {
  let t: TestApp;

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend });
    const { listenerUrl } = await t.listen();
    await shipLogs(listenerUrl, t.shippingToken, 'app', LOGS);
    for (let i = 0; i < 100; i += 1) {
      const found = await appSearch({ from: 'now-7d', to: 'now', search: { size: 0, track_total_hits: true } });
      if ((found.json<AppSearch>().hits.total?.value ?? 0) >= LOGS.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  after(async () => t?.close());

  const appSearch = (body: Record<string, unknown>) => call(t, 'POST', '/v1/app/search', t.apiToken, body);

  it('searches 7 days (a log of 5 days ago) where /v1/search keeps its 2-day window, and names the range it searched', async () => {
    const week = await appSearch({ from: 'now-7d', to: 'now', search: { query: { match: { message: 'five' } }, track_total_hits: true } });
    assert.equal(week.statusCode, 200, week.body);
    const body = week.json<AppSearch>();
    assert.equal(body.hits.total?.value, 1);
    assert.equal(body.hits.hits[0]?._source.seq, 500);
    assert.ok(Math.abs(body.range.toMs - Date.now()) < 60_000 && body.range.toMs - body.range.fromMs === 7 * DAY);
    const logzio = await call(t, 'POST', '/v1/search', t.apiToken, { query: { match: { message: 'five' } } });
    assert.equal(logzio.json<{ hits: { total: number } }>().hits.total, 0, '/v1/search searches today and yesterday only');
  });

  it('refuses a range past the retention with a message, never clipping it', async () => {
    const old = await appSearch({ from: 'now-40d', to: 'now', search: {} });
    assert.equal(old.statusCode, 400);
    const error = old.json<{ errorCode: string; message: string }>();
    assert.equal(error.errorCode, 'SEARCH/RANGE_BEYOND_RETENTION');
    assert.match(error.message, /retained 30 days, so the oldest searchable time is \d{4}-/);
    assert.equal((await appSearch({ from: 'now', to: 'now-1h', search: {} })).statusCode, 400);
    const bad = await appSearch({ from: 'yesterday-ish', to: 'now', search: {} });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json<{ message: string }>().message, /from must be epoch milliseconds/);
  });

  it('answers the newest page without a count (track_total_hits false), and the count apart', async () => {
    const page = await appSearch({
      from: 'now-1h',
      to: 'now',
      search: { size: 5, sort: [{ '@timestamp': 'desc' }], track_total_hits: false },
    });
    const body = page.json<AppSearch>();
    assert.equal(body.hits.total, undefined);
    assert.deepEqual(
      body.hits.hits.map((hit) => hit._source.seq),
      [0, 1, 2, 3, 4],
    );
  });

  it('lists the logs around one log in both directions, on the same host or the whole account, ties in order', async () => {
    const anchorPage = await appSearch({ from: 'now-1h', to: 'now', search: { query: { term: { seq: 10 } }, size: 1 } });
    const anchor = anchorPage.json<AppSearch>().hits.hits[0];
    assert.ok(anchor !== undefined);
    const around = async (sameAs: Record<string, string>, older: number, newer: number, of: Hit = anchor) => {
      const response = await call(t, 'POST', '/v1/app/surrounding', t.apiToken, {
        anchor: { id: of._id, timestampMs: Date.parse(String(of._source['@timestamp'])) },
        older,
        newer,
        sameAs,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ older: Hit[]; newer: Hit[]; olderComplete: boolean; newerComplete: boolean }>();
    };
    const whole = await around({}, 3, 3);
    assert.deepEqual(
      whole.newer.map((hit) => hit._source.seq),
      [7, 8, 9],
    );
    assert.deepEqual(
      whole.older.map((hit) => hit._source.seq),
      [11, 12, 13],
    );
    const sameHost = await around({ host: 'web-1' }, 2, 2);
    assert.deepEqual(
      sameHost.newer.map((hit) => hit._source.seq),
      [6, 8],
    );
    assert.deepEqual(
      sameHost.older.map((hit) => hit._source.seq),
      [12, 14],
    );
    // Logs of one millisecond: each exactly once, whichever of them is the anchor.
    const ties = (await appSearch({ from: 'now-1h', to: 'now', search: { query: { range: { seq: { gte: 100 } } }, size: 3 } }))
      .json<AppSearch>()
      .hits.hits.sort((a, b) => Number(a._source.seq) - Number(b._source.seq));
    const middle = ties[1];
    assert.ok(middle !== undefined);
    const aroundTie = await around({ host: 'web-1' }, 3, 3, middle);
    const seen = [...aroundTie.newer, ...aroundTie.older].map((hit) => Number(hit._source.seq));
    assert.equal(seen.filter((seq) => seq >= 100).length, 2, `the other two tied logs once each: ${seen.join(',')}`);
    assert.equal(new Set(seen).size, seen.length);
    // The oldest end says so.
    const oldest = (await appSearch({ from: 'now-7d', to: 'now', search: { query: { term: { seq: 500 } }, size: 1 } })).json<AppSearch>()
      .hits.hits[0];
    assert.ok(oldest !== undefined);
    const end = await around({}, 5, 1, oldest);
    assert.equal(end.older.length, 0);
    assert.equal(end.olderComplete, true);
    // The nearest newer logs are 5 days later: found through windows widened from minutes, the nearest first.
    const later = await around({}, 0, 4, oldest);
    assert.deepEqual(
      later.newer.map((hit) => Number(hit._source.seq)).sort((a, b) => a - b),
      [29, 100, 101, 102],
    );
    assert.equal(later.newerComplete, false);
    // Alone on its host: every window up to the retention's edge searched, each side complete and empty.
    const alone = await around({ host: 'web-9' }, 2, 2, oldest);
    assert.deepEqual([alone.older.length, alone.newer.length, alone.olderComplete, alone.newerComplete], [0, 0, true, true]);
  });

  it('finds the patterns of the matching logs with exact counts and a sparkline, and their queries find those logs', async () => {
    const response = await call(t, 'POST', '/v1/app/patterns', t.apiToken, {
      from: 'now-1h',
      to: 'now',
      query: 'host:web-1 OR host:web-2',
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{
      sampled: number;
      total: number;
      patterns: { template: string; query: string; count: number; sparkline: number[] }[];
    }>();
    assert.equal(body.total, 33);
    const payments = body.patterns.find((pattern) => pattern.template.includes('card declined'));
    assert.ok(payments !== undefined, JSON.stringify(body.patterns));
    assert.equal(payments.count, 10);
    assert.equal(
      payments.sparkline.reduce((a, b) => a + b, 0),
      10,
    );
    const filtered = await appSearch({
      from: 'now-1h',
      to: 'now',
      search: { query: { query_string: { query: payments.query } }, track_total_hits: true },
    });
    assert.equal(filtered.json<AppSearch>().hits.total?.value, 10);
  });

  it('exports the matching logs as CSV, streamed, bounded, with quoting and formula-safe cells', async () => {
    const response = await call(t, 'GET', '/v1/app/export?from=now-1h&to=now&q=host%3Aweb-1&cols=host,message,seq&limit=5', t.apiToken);
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    assert.match(String(response.headers['content-disposition']), /attachment; filename="logs-.*\.csv"/);
    const lines = response.body.trimEnd().split('\r\n');
    assert.equal(lines[0], '@timestamp,host,message,seq');
    assert.equal(lines.length, 6);
    assert.match(lines[1] ?? '', /,web-1,payment 0 failed: card declined,0$/);
    const failed = await call(t, 'GET', '/v1/app/export?from=now-1h&to=now&q=level%3A(error', t.apiToken);
    assert.equal(failed.statusCode, 400, 'a bad query answers its error, not a broken file');
  });

  it('cancels only the searches of the one who asked', async () => {
    const cancelled = await call(t, 'POST', '/v1/app/search/cancel', t.apiToken, { searchIds: ['nothing-running'] });
    assert.equal(cancelled.statusCode, 200);
    assert.deepEqual(cancelled.json(), { cancelled: 0 });
  });
});
