import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { addAccount } from '../support/sub-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface SearchBody {
  hits: {
    total: number;
    max_score: number | null;
    hits: {
      _id: string;
      _index: string;
      _type: string;
      _score: number | null;
      _source: Record<string, unknown>;
      sort?: unknown[];
      highlight?: Record<string, string[]>;
    }[];
  };
  aggregations?: Record<
    string,
    {
      buckets: { key: unknown; doc_count: number; [k: string]: unknown }[];
      sum_other_doc_count?: number;
      doc_count_error_upper_bound?: number;
    }
  >;
}

const NOW = Date.now();
const iso = (msAgo: number): string => new Date(NOW - msAgo).toISOString();

const LOGS = [
  {
    '@timestamp': iso(60_000),
    message: 'GET /api/v2/orders/17 took 30ms',
    host: 'web-1',
    status: 200,
    bytes: 512,
    path: '/api/v2/orders/17',
  },
  {
    '@timestamp': iso(50_000),
    message: 'Connection to db-1 refused after 3 retries',
    host: 'web-2',
    status: 500,
    bytes: 0,
    path: '/api/v2/pay',
  },
  { '@timestamp': iso(40_000), message: 'upstream: connection refused', host: 'web-1', status: 502, bytes: 10, path: '/api/v1/users' },
  {
    '@timestamp': iso(30_000),
    message: 'java.net.SocketTimeoutException: Read timed out',
    host: 'web-3',
    status: 504,
    bytes: 20,
    path: '/api/v2/orders/18',
    user: { id: 42 },
  },
  { '@timestamp': iso(20_000), message: 'Timeout while reading user_id=42', host: 'web-2', status: '500', bytes: 30, path: '/health' },
];

for (const backend of controlPlaneBackends) {
  describe(`POST /v1/search and /v1/scroll (${backend.name})`, () => {
    let t: TestApp;
    let listenerUrl = '';
    const post = async (url: string, body: unknown, token?: string) => {
      const response = await t.api.inject({
        method: 'POST',
        url,
        headers: { 'x-api-token': token ?? t.apiToken },
        payload: body as object,
      });
      return { status: response.statusCode, json: response.json<SearchBody & Record<string, unknown>>(), text: response.body };
    };
    const search = async (body: unknown, query = '') => post(`/v1/search${query}`, body);

    before(async () => {
      t = await startTestApp({ backend });
      listenerUrl = (await t.listen()).listenerUrl;
      await shipLogs(listenerUrl, t.shippingToken, 'nginx', LOGS);
    });
    after(async () => t.close());

    it('finds by term, match and phrase with ES semantics and a numeric total', async () => {
      const term = await search({ query: { term: { status: 500 } } });
      assert.equal(term.status, 200, term.text);
      // The string "500" is a type conflict on a number field: still found, as ES coerces.
      assert.equal(term.json.hits.total, 2);
      const match = await search({ query: { match: { message: 'refused' } } });
      assert.equal(match.json.hits.total, 2);
      assert.equal(typeof match.json.hits.max_score, 'number');
      const phrase = await search({ query: { match_phrase: { message: 'connection refused' } } });
      assert.equal(phrase.json.hits.total, 1);
      assert.equal(phrase.json.hits.hits[0]?._source.message, 'upstream: connection refused');
      // The analyzer keeps java.net.SocketTimeoutException as one token, as Elasticsearch's standard analyzer.
      const whole = await search({ query: { match: { message: 'timeout' } } });
      assert.equal(whole.json.hits.total, 1);
      const hit = whole.json.hits.hits[0];
      assert.ok(hit !== undefined);
      assert.equal(hit._type, '_doc');
      assert.equal(hit._index, 'nginx');
    });

    it('combines bool, range, prefix, wildcard, exists and query_string', async () => {
      const bool = await search({
        query: {
          bool: {
            must: [{ range: { bytes: { gte: 10 } } }],
            must_not: [{ term: { 'host.keyword': 'web-3' } }],
            filter: [{ prefix: { 'path.keyword': '/api' } }],
          },
        },
      });
      assert.equal(bool.json.hits.total, 2, bool.text);
      const exists = await search({ query: { exists: { field: 'user' } } });
      assert.equal(exists.json.hits.total, 1);
      const wildcard = await search({ query: { wildcard: { 'host.keyword': 'web-?' } } });
      assert.equal(wildcard.json.hits.total, 5);
      const lucene = await search({ query: { query_string: { query: 'host:"web-2" AND NOT status:[501 TO 600]' } } });
      assert.equal(lucene.json.hits.total, 2, lucene.text);
    });

    it('sorts, pages, filters _source and highlights', async () => {
      const page = await search({
        query: { match_all: {} },
        sort: [{ '@timestamp': { order: 'desc' } }],
        from: 1,
        size: 2,
        _source: { includes: ['host', 'user.*'] },
      });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(
        page.json.hits.hits.map((h) => h._source.host),
        ['web-3', 'web-1'],
      );
      assert.deepEqual(page.json.hits.hits[0]?._source, { host: 'web-3', user: { id: 42 } });
      assert.equal(typeof page.json.hits.hits[0]?.sort?.[0], 'number');
      // Logz.io's /v1/search refuses search_after; the Elasticsearch-compatible API pages with it.
      const after = await post('/nginx/_search', {
        query: { match_all: {} },
        sort: [{ '@timestamp': { order: 'desc' } }],
        size: 1,
        search_after: page.json.hits.hits[1]?.sort,
      });
      assert.equal(after.status, 200, after.text);
      assert.equal(after.json.hits.hits[0]?._source.host, 'web-2');
      // Issue 47: a second sort key after @timestamp (`_doc`) was named by its alias `__s1` in statements that do not
      // select it (UNKNOWN_IDENTIFIER); pages by [@timestamp, _doc] follow each other without gap or overlap.
      const byDoc = [{ '@timestamp': { order: 'desc' } }, { _doc: { order: 'asc' } }];
      const all = await post('/nginx/_search', { query: { match_all: {} }, sort: byDoc, size: 10 });
      assert.equal(all.status, 200, all.text);
      const firstTwo = await post('/nginx/_search', { query: { match_all: {} }, sort: byDoc, size: 2 });
      const rest = await post('/nginx/_search', {
        query: { match_all: {} },
        sort: byDoc,
        size: 10,
        search_after: firstTwo.json.hits.hits[1]?.sort,
      });
      assert.equal(rest.status, 200, rest.text);
      assert.deepEqual(
        [...firstTwo.json.hits.hits, ...rest.json.hits.hits].map((h) => h._id),
        all.json.hits.hits.map((h) => h._id),
      );
      const word = await post('/nginx/_search', {
        query: { query_string: { query: 'refused' } },
        sort: byDoc,
        size: 1,
        search_after: firstTwo.json.hits.hits[0]?.sort,
      });
      assert.equal(word.status, 200, word.text);
      const highlighted = await search({ query: { match: { message: 'refused' } }, highlight: { fields: { message: {} } } });
      assert.equal(highlighted.status, 200, highlighted.text);
      const marked = highlighted.json.hits.hits.flatMap((h) => h.highlight?.message ?? []);
      assert.ok(
        marked.every((m) => m.includes('<em>refused</em>')),
        JSON.stringify(marked),
      );
    });

    it('aggregates nested buckets with Elasticsearch shapes', async () => {
      const aggs = await search({
        size: 0,
        query: { match_all: {} },
        aggs: {
          hosts: {
            terms: { field: 'host', size: 2 },
            aggs: { bytes: { avg: { field: 'bytes' } }, per: { date_histogram: { field: '@timestamp', fixed_interval: '1d' } } },
          },
        },
      });
      assert.equal(aggs.status, 200, aggs.text);
      const hosts = aggs.json.aggregations?.hosts;
      assert.ok(hosts !== undefined);
      assert.equal(hosts.doc_count_error_upper_bound, 0);
      assert.equal(hosts.sum_other_doc_count, 1);
      assert.deepEqual(
        hosts.buckets.map((b) => [b.key, b.doc_count]),
        [
          ['web-1', 2],
          ['web-2', 2],
        ],
      );
      assert.deepEqual(hosts.buckets[0]?.bytes, { value: 261 });
      const per = hosts.buckets[0]?.per as { buckets: { key_as_string: string; doc_count: number }[] };
      assert.equal(
        per.buckets.reduce((sum, b) => sum + b.doc_count, 0),
        2,
      );
      assert.match(per.buckets[0]?.key_as_string ?? '', /^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
    });

    it('refuses what Logz.io refuses and never leaks SQL', async () => {
      const leading = await search({ query: { wildcard: { host: '*eb' } } });
      assert.equal(leading.status, 400);
      const broken = await search({ query: { regexp: { 'host.keyword': 'web-(' } } });
      assert.equal(broken.status, 400, broken.text);
      assert.match(String(broken.json.message), /^Query has failed/);
      assert.doesNotMatch(broken.text, /SELECT|FROM logs|Code: \d+/);
      const offset = await search({ query: { match_all: {} } }, '?dayOffset=31');
      assert.equal(offset.status, 400);
      assert.match(String(offset.json.message), /dayOffset/);
    });

    it('searches sub accounts only when they are searchable by the caller', async () => {
      const searchable = await addAccount(t, { ownerAccountId: t.mainAccountId, searchable: true });
      const hidden = await addAccount(t, { ownerAccountId: t.mainAccountId, searchable: false });
      const stranger = await addAccount(t, { ownerAccountId: null, searchable: true });
      await shipLogs(listenerUrl, searchable.shippingToken, 'app', [{ message: 'from the searchable sub account' }]);
      await shipLogs(listenerUrl, stranger.shippingToken, 'app', [{ message: 'from another tenant' }]);
      const both = await search({ query: { match_all: {} } }, `?accountIds=${t.mainAccountId}&accountIds=${searchable.id}`);
      assert.equal(both.json.hits.total, 6);
      const onlySub = await search({ query: { match_all: {} }, accountIds: [searchable.id] });
      assert.deepEqual(
        onlySub.json.hits.hits.map((h) => h._source.message),
        ['from the searchable sub account'],
      );
      for (const id of [hidden.id, stranger.id, 2_000_000_001]) {
        const refused = await search({ query: { match_all: {} } }, `?accountIds=${id}`);
        assert.equal(refused.status, 403, `account ${id}`);
      }
      const fromSub = await post('/v1/search', { query: { match_all: {} } }, searchable.apiToken);
      assert.equal(fromSub.json.hits.total, 1);
    });

    it('scrolls through one snapshot and ends with an empty page', async () => {
      const opened = await post('/v1/scroll', { query: { match_all: {} }, size: 2, scroll: '1m', sort: [{ '@timestamp': 'asc' }] });
      assert.equal(opened.status, 200, opened.text);
      // Logs arriving after the scroll opened are not part of its snapshot.
      await shipLogs(listenerUrl, t.shippingToken, 'nginx', [{ message: 'late arrival' }]);
      const seen: string[] = [];
      let page = JSON.parse(String(opened.json.hits)) as SearchBody['hits'];
      const scrollId = String(opened.json.scrollId);
      while (page.hits.length > 0) {
        assert.equal(page.total, 5);
        seen.push(...page.hits.map((h) => h._id));
        const next = await post('/v1/scroll', { scroll_id: scrollId });
        assert.equal(next.json.code, 200);
        page = JSON.parse(String(next.json.hits)) as SearchBody['hits'];
      }
      assert.equal(seen.length, 5);
      assert.equal(new Set(seen).size, 5);
      const both = await post('/v1/scroll', { scroll_id: scrollId, query: { match_all: {} } });
      assert.equal(both.status, 400);
      assert.equal(both.json.message, 'ScrollId and query parameter can not co-exist in request');
      const tooLong = await post('/v1/scroll', { query: { match_all: {} }, scroll: '10m' });
      assert.equal(tooLong.status, 400);
      const unknown = await post('/v1/scroll', { scroll_id: 'no-such-scroll' });
      assert.equal(unknown.status, 404);
    });
  });
}
