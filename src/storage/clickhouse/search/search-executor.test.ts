/** The compiler on the real engine: chDB store, parsed queries, Elasticsearch semantics checked on results. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import type { NamedAggregation, SearchRequest } from '../../../query/index.js';
import { parseQuery, termsAggregation } from '../../../query/index.js';
import type { LogDocument, LogSearchResult, LogStore, SearchScope } from '../../log-store.js';
import { openLogStore } from '../../open-log-store.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const FIELDS: Record<string, unknown>[] = [
  { message: 'GET /api/v2/orders/17 took 30ms', host: 'web-1', status: 200, bytes: 512, path: '/api/v2/orders/17' },
  { message: 'Connection to db-1 refused after 3 retries', host: 'web-2', status: 500, bytes: 0, path: '/api/v2/pay' },
  { message: 'upstream: connection refused', host: 'web-1', status: 502, bytes: 10, path: '/api/v1/users', tags: ['a', 'b'] },
  {
    message: 'java.net.SocketTimeoutException: Read timed out',
    host: 'web-3',
    status: 504,
    bytes: 20,
    path: '/api/v2/orders/18',
    'user.id': 42,
  },
  { message: "Timeout while reading user_id=42 it's \\ odd", host: "o'brien\\x", status: '500', bytes: 30, path: '/health' },
];

const BASE: SearchRequest = {
  query: { kind: 'match_all', boost: 1 },
  from: 0,
  size: 10,
  sort: [],
  source: { enabled: true, includes: [], excludes: [] },
  postFilter: null,
  docvalueFields: [],
  storedFields: null,
  version: false,
  highlight: null,
  aggregations: [],
  trackTotalHits: true,
  searchAfter: null,
  timeoutMs: null,
  terminateAfter: null,
  trackScores: false,
  dayOffset: null,
  accountIds: null,
};

describe('search executor on chDB', () => {
  let store: LogStore;
  let dir: string;
  const scope: SearchScope = { accounts: [{ accountId: 7, fromMs: NOW - 86_400_000 }], toMs: null, types: null, filter: null };
  const run = (query: unknown, extra: Partial<SearchRequest> = {}, within: SearchScope = scope): Promise<LogSearchResult> =>
    store.search({
      scope: within,
      request: { ...BASE, query: parseQuery(query, { now: NOW, profile: 'elasticsearch' }), ...extra },
      receivedAtMostMs: null,
      after: null,
    });
  const ids = (result: LogSearchResult): string[] => result.hits.map((h) => h.id).sort();

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-executor-'));
    store = await openLogStore(
      { url: `chdb:${dir}`, memoryBytes: 1_000_000_000 },
      { logger: pino({ level: 'silent' }), clock: { now: () => NOW } },
    );
    const docs = (accountId: number): LogDocument[] =>
      FIELDS.map(({ message, ...fields }, i) => ({
        id: `a${accountId}-${i}`,
        accountId,
        timestampMs: NOW - 60_000 + i * 1000,
        receivedAtMs: NOW,
        type: 'nginx',
        message: String(message),
        fields: fields as LogDocument['fields'],
        sizeBytes: 10,
      }));
    await store.append([...docs(7), ...docs(8)], { dedupToken: 'fixture', retentionDaysOf: () => 30 });
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('matches terms on numbers and on conflicting string values', async () => {
    assert.deepEqual(ids(await run({ term: { status: 500 } })), ['a7-1', 'a7-4']);
    assert.deepEqual(ids(await run({ terms: { tags: ['b'] } })), ['a7-2']);
  });

  it('matches analysed text by token and phrases by adjacency', async () => {
    assert.deepEqual(ids(await run({ match: { message: 'refused' } })), ['a7-1', 'a7-2']);
    assert.deepEqual(ids(await run({ match_phrase: { message: 'connection refused' } })), ['a7-2']);
    assert.deepEqual(ids(await run({ match: { message: 'timeout' } })), ['a7-4']);
    assert.deepEqual(ids(await run({ match: { message: { query: 'connection timed', operator: 'and' } } })), []);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'connection ref' } })), ['a7-2']);
    // Whole words before the prefix are tested on the pair index first: in order, adjacent.
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'upstream connection ref' } })), ['a7-2']);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'connection upstream ref' } })), []);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'read timed o' } })), ['a7-3']);
    // Plain rows test the phrase on their tokens: whole words start at a token's start, the prefix too.
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'onnection ref' } })), []);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'refused aft' } })), ['a7-1']);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { message: 'refused after 3 retries' } })), ['a7-1']);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { path: 'v2 ord' } })), ['a7-0', 'a7-3']);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { path: 'v2 rders' } })), []);
    assert.deepEqual(ids(await run({ match_phrase_prefix: { path: 'pi v2 ord' } })), []);
  });

  it('answers phrases through the word-pair index exactly: two words, longer phrases, numbers (decision 0131)', async () => {
    const phrase = async (text: string): Promise<[string[], number]> => {
      const result = await run({ match_phrase: { message: text } });
      return [ids(result), result.total];
    };
    assert.deepEqual(await phrase('connection refused'), [['a7-2'], 1]);
    assert.deepEqual(await phrase('Connection TO'), [['a7-1'], 1]);
    assert.deepEqual(await phrase('connection to db'), [['a7-1'], 1]);
    assert.deepEqual(await phrase('to refused'), [[], 0]);
    assert.deepEqual(await phrase('db 1 refused'), [['a7-1'], 1]);
    assert.deepEqual(await phrase('read timed out'), [['a7-3'], 1]);
    assert.deepEqual(ids(await run({ query_string: { query: '"upstream connection refused"' } })), ['a7-2']);
  });

  it('scores relevance with BM25 when no sort is given', async () => {
    const result = await run({ match: { message: 'connection refused' } });
    assert.equal(result.hits[0]?.id, 'a7-2');
    assert.ok((result.hits[0]?.score ?? 0) > (result.hits[1]?.score ?? 0));
    assert.equal(result.maxScore, result.hits[0]?.score);
    const filtered = await run({ bool: { filter: [{ match: { message: 'refused' } }] } });
    assert.deepEqual(
      filtered.hits.map((h) => h.score),
      [0, 0],
    );
    const constant = await run({ constant_score: { filter: { match: { message: 'refused' } }, boost: 2 } });
    assert.deepEqual(
      constant.hits.map((h) => h.score),
      [2, 2],
    );
  });

  it('pages by newest first where every match scores the same, exactly as ranking every match would', async () => {
    // The default sort skips ranking when the score cannot differ between matches (sort-sql.ts equalScoresPlan), and
    // reads a first page from the best score down when a page shares it (top-score-page.ts); an explicit `_score`
    // sort still ranks every match, so both must give the same hits, scores and order.
    const ranked = (query: unknown, extra: Partial<SearchRequest> = {}) =>
      run(query, { ...extra, sort: [{ kind: 'score', order: 'desc' }] });
    const shape = (result: LogSearchResult) => ({
      total: result.total,
      maxScore: result.maxScore,
      hits: result.hits.map((h) => [h.id, h.score]),
    });
    const queries: unknown[] = [
      { match_phrase: { message: 'connection refused' } },
      { term: { status: 500 } },
      { bool: { filter: [{ range: { bytes: { gte: 0 } } }] } },
      { bool: { should: [{ match_phrase: { message: 'connection refused' } }] } },
      { bool: { must: [{ match_phrase: { message: 'connection refused' } }], should: [{ term: { host: 'web-1' } }] } },
      { match: { message: 'connection refused' } },
      { multi_match: { query: 'web-1', fields: ['host', 'message'] } },
      // Scores that differ, the best one shared by two logs: the first page is read from the best score down.
      { match: { host: 'web-1' } },
      { query_string: { query: 'host:web-1 OR status:500' } },
      { query_string: { query: '"connection refused" OR status:200' } },
    ];
    for (const query of queries) {
      for (const extra of [{}, { size: 1 }, { size: 2 }, { from: 1, size: 1 }] as Partial<SearchRequest>[]) {
        const plain = await run(query, extra);
        if (extra.size === undefined) assert.ok(plain.hits.length > 0, JSON.stringify(query));
        assert.deepEqual(shape(plain), shape(await ranked(query, extra)), JSON.stringify({ query, extra }));
      }
    }
    // Two equal scores: newest first, as the ranked order breaks ties.
    assert.deepEqual(
      (await run({ term: { 'host.keyword': 'web-1' } })).hits.map((h) => h.id),
      ['a7-2', 'a7-0'],
    );
  });

  it('keeps hostile literals inside their literal', async () => {
    assert.deepEqual(ids(await run({ term: { 'host.keyword': "o'brien\\x" } })), ['a7-4']);
    assert.deepEqual(ids(await run({ term: { 'host.keyword': "x' OR 1=1 OR '" } })), []);
    assert.deepEqual(ids(await run({ match_phrase: { message: "it's \\ odd" } })), ['a7-4']);
  });

  it('runs range, prefix, wildcard, regexp, exists, ids and bool', async () => {
    assert.deepEqual(ids(await run({ range: { bytes: { gte: 10, lt: 30 } } })), ['a7-2', 'a7-3']);
    assert.deepEqual(ids(await run({ prefix: { 'path.keyword': '/api/v2' } })), ['a7-0', 'a7-1', 'a7-3']);
    assert.deepEqual(ids(await run({ wildcard: { 'host.keyword': 'web-?' } })).length, 4);
    assert.deepEqual(ids(await run({ regexp: { 'host.keyword': 'web-[12]' } })), ['a7-0', 'a7-1', 'a7-2']);
    // A negated class, as Lucene reads `[^…]`; `^` elsewhere is a literal character.
    assert.deepEqual(ids(await run({ regexp: { 'host.keyword': 'web-[^2]' } })), ['a7-0', 'a7-2', 'a7-3']);
    assert.deepEqual(ids(await run({ regexp: { 'host.keyword': 'web-[1^]' } })), ['a7-0', 'a7-2']);
    assert.deepEqual(ids(await run({ exists: { field: 'user' } })), ['a7-3']);
    assert.deepEqual(ids(await run({ ids: { values: ['a7-0', 'a8-0'] } })), ['a7-0']);
    const bool = {
      bool: {
        should: [{ term: { 'host.keyword': 'web-1' } }, { term: { status: 504 } }, { match: { message: 'orders' } }],
        minimum_should_match: 2,
      },
    };
    assert.deepEqual(ids(await run(bool)), ['a7-0']);
  });

  it('answers an engine failure with a 400 that carries no SQL', async () => {
    await assert.rejects(run({ regexp: { 'host.keyword': 'web-(' } }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'invalid_argument');
      assert.match(error.message, /^Query has failed/);
      assert.doesNotMatch(error.message, /SELECT|re2|Code:/);
      return true;
    });
  });

  it('never reads outside the scope', async () => {
    const other: SearchScope = {
      accounts: [{ accountId: 8, fromMs: NOW - 86_400_000 }],
      toMs: null,
      types: { include: ['ngi*'], exclude: [] },
      filter: null,
    };
    assert.deepEqual(ids(await run({ match_all: {} }, {}, other)).length, 5);
    assert.ok(ids(await run({ match_all: {} }, {}, other)).every((id) => id.startsWith('a8-')));
    assert.equal((await run({ match_all: {} }, {}, { ...other, types: { include: ['app'], exclude: [] } })).total, 0);
    assert.equal((await run({ match_all: {} }, {}, { ...scope, toMs: NOW - 58_500 })).total, 2);
  });

  it('sorts, pages after a position and aggregates nested buckets', async () => {
    const sort = [
      { kind: 'field', field: 'bytes', order: 'desc', missing: '_last', unmappedType: null, mode: null, format: null },
    ] as const;
    const first = await run({ match_all: {} }, { sort, size: 2 });
    assert.deepEqual(
      first.hits.map((h) => h.sort),
      [[512], [30]],
    );
    const next = await run({ match_all: {} }, { sort, size: 2, searchAfter: [30] });
    assert.deepEqual(
      next.hits.map((h) => h.id),
      ['a7-3', 'a7-2'],
    );
    const aggregations: NamedAggregation[] = [
      {
        name: 'hosts',
        meta: null,
        aggregation: termsAggregation('host', 2, {
          aggregations: [
            {
              name: 'bytes',
              meta: null,
              aggregation: { kind: 'sum', field: 'bytes', missing: null, sigma: null, precisionThreshold: null },
            },
            {
              name: 'codes',
              meta: null,
              aggregation: {
                kind: 'range',
                field: 'status',
                keyed: false,
                missing: null,
                ranges: [
                  { key: null, from: null, to: 500 },
                  { key: null, from: 500, to: null },
                ],
                aggregations: [],
              },
            },
          ],
        }),
      },
    ];
    const result = await run({ match_all: {} }, { aggregations, size: 0 });
    const hosts = result.aggregations?.hosts as {
      sum_other_doc_count: number;
      buckets: { key: string; doc_count: number; bytes: { value: number }; codes: { buckets: { key: string; doc_count: number }[] } }[];
    };
    assert.equal(hosts.sum_other_doc_count, 2);
    assert.deepEqual(
      hosts.buckets.map((b) => [b.key, b.doc_count, b.bytes.value]),
      [
        ['web-1', 2, 522],
        ["o'brien\\x", 1, 30],
      ],
    );
    assert.deepEqual(
      hosts.buckets[0]?.codes.buckets.map((b) => [b.key, b.doc_count]),
      [
        ['*-500.0', 1],
        ['500.0-*', 1],
      ],
    );
  });

  it('tests tokens exactly on plain and non-plain values alike (decision 0129)', async () => {
    const docs: LogDocument[] = [
      { city: 'Zürich Nord', level: 'ERROR', message: 'Grüße aus Zürich' },
      { city: 'zürich', level: 'error', message: 'plain text here' },
      { city: 'Bern', level: 'WARN', message: "user_id=7 it's java.net.X" },
    ].map(({ message, ...fields }, i) => ({
      id: `u${i}`,
      accountId: 10,
      timestampMs: NOW - 1000 + i,
      receivedAtMs: NOW,
      type: 'app',
      message,
      fields,
      sizeBytes: 10,
    }));
    await store.append(docs, { dedupToken: 'unicode', retentionDaysOf: () => 30 });
    const within: SearchScope = { accounts: [{ accountId: 10, fromMs: NOW - 86_400_000 }], toMs: null, types: null, filter: null };
    const found = async (query: unknown) => ids(await run(query, {}, within));
    assert.deepEqual(await found({ match: { city: 'ZÜRICH' } }), ['u0', 'u1']);
    assert.deepEqual(await found({ match: { city: 'nord' } }), ['u0']);
    assert.deepEqual(await found({ match_phrase: { city: 'zürich nord' } }), ['u0']);
    assert.deepEqual(await found({ match: { level: 'Error' } }), ['u0', 'u1']);
    assert.deepEqual(await found({ term: { level: 'error' } }), ['u0', 'u1']);
    assert.deepEqual(await found({ match_phrase: { level: 'error' } }), ['u0', 'u1']);
    assert.deepEqual(await found({ match: { message: 'zürich' } }), ['u0']);
    assert.deepEqual(await found({ match: { message: 'text' } }), ['u1']);
    assert.deepEqual(await found({ match: { message: 'user_id' } }), ['u2']);
    assert.deepEqual(await found({ match: { message: 'user' } }), []);
    assert.deepEqual(await found({ match_phrase: { message: 'aus zürich' } }), ['u0']);
    assert.deepEqual(await found({ query_string: { query: 'city:zürich AND NOT level:warn' } }), ['u0', 'u1']);
    assert.deepEqual(await found({ prefix: { city: 'zür' } }), ['u0', 'u1']);
  });

  it('pages by @timestamp exactly: ties at a page edge go by id, pages never overlap, text tests hold', async () => {
    // Account 9: 30 logs over three timestamps (10 each) with non-ASCII messages on some, so both text branches serve.
    const tied: LogDocument[] = Array.from({ length: 30 }, (_, i) => ({
      id: `t${String(29 - i).padStart(2, '0')}`,
      accountId: 9,
      timestampMs: NOW - 10_000 + Math.floor(i / 10) * 1000,
      receivedAtMs: NOW,
      type: 'app',
      message: i % 3 === 0 ? `café refused ${i}` : `connection refused ${i}`,
      fields: { n: i },
      sizeBytes: 10,
    }));
    await store.append(tied, { dedupToken: 'ties', retentionDaysOf: () => 30 });
    const within: SearchScope = { accounts: [{ accountId: 9, fromMs: NOW - 86_400_000 }], toMs: null, types: null, filter: null };
    const sort = (order: 'asc' | 'desc') =>
      [{ kind: 'field', field: '@timestamp', order, missing: '_last', unmappedType: null, mode: null, format: null }] as const;
    const expected = (order: 'asc' | 'desc') =>
      [...tied]
        .sort((a, b) => (order === 'desc' ? b.timestampMs - a.timestampMs : a.timestampMs - b.timestampMs) || (a.id < b.id ? -1 : 1))
        .map((d) => d.id);
    for (const order of ['desc', 'asc'] as const) {
      // A text test on message finds keys first; match_all reads rows directly and falls back on edge ties.
      for (const query of [{ match: { message: 'refused' } }, { match_all: {} }]) {
        for (const size of [1, 3, 7, 10, 11]) {
          const pages: string[] = [];
          for (let from = 0; from < 30; from += size) {
            const page = await run(query, { sort: sort(order), from, size }, within);
            assert.equal(page.total, 30);
            pages.push(...page.hits.map((h) => h.id));
          }
          assert.deepEqual(pages, expected(order), `${order} by ${size}, ${JSON.stringify(query)}`);
        }
      }
      const middle = await run({ match_all: {} }, { sort: sort(order), from: 12, size: 5 }, within);
      assert.deepEqual(
        middle.hits.map((h) => h.id),
        expected(order).slice(12, 17),
        `${order} inside one timestamp`,
      );
    }
    const cafe = await run({ match: { message: 'café' } }, { sort: sort('desc'), size: 4 }, within);
    assert.deepEqual(
      cafe.hits.map((h) => h.id),
      expected('desc')
        .filter((id) => tied.find((d) => d.id === id)?.message?.startsWith('café'))
        .slice(0, 4),
    );
    assert.equal(cafe.total, 10);
    const beyond = await run({ match_all: {} }, { sort: sort('desc'), from: 28, size: 10 }, within);
    assert.deepEqual(
      beyond.hits.map((h) => h.id),
      expected('desc').slice(28),
    );
  });

  it('counts terms of whole days from the day counts exactly at the edges, and forgets deleted logs (decision 0135)', async () => {
    const from = Date.UTC(2026, 10, 20);
    const to = from + 2 * 86_400_000;
    const doc = (id: string, timestampMs: number, path: string, type = 'nginx'): LogDocument => ({
      id,
      accountId: 10,
      timestampMs,
      receivedAtMs: NOW,
      type,
      message: 'x',
      fields: { path },
      sizeBytes: 1,
    });
    await store.append(
      [
        doc('d1', from - 1, '/before'),
        doc('d2', from, '/a'),
        doc('d3', from + 86_400_000, '/a', 'app'),
        doc('d4', to - 1, '/b'),
        doc('d5', to, '/after'),
        doc('d6', from + 65_536 * 86_400_000, '/far'),
      ],
      { dedupToken: 'days', retentionDaysOf: () => 3650 },
    );
    const terms = (field: string): NamedAggregation => ({
      name: 't',
      meta: null,
      aggregation: termsAggregation(field, 10),
    });
    const keys = async (field: string, within: SearchScope) => {
      const result = await run({ match_all: {} }, { aggregations: [terms(field)], size: 0 }, within);
      return (result.aggregations?.t as { buckets: { key: string; doc_count: number }[] }).buckets.map((b) => [b.key, b.doc_count]);
    };
    // d6 is 65,536 days after d2: the day toDate() would wrap it round to (toDate32 does not).
    const days: SearchScope = { accounts: [{ accountId: 10, fromMs: from }], toMs: to, types: null, filter: null };
    assert.deepEqual(await keys('path', days), [
      ['/a', 2],
      ['/b', 1],
    ]);
    assert.deepEqual(await keys('type', { ...days, types: { include: ['ngi*'], exclude: [] } }), [['nginx', 2]]);
    // Not whole days: the same question answered from the logs.
    assert.deepEqual(await keys('path', { ...days, accounts: [{ accountId: 10, fromMs: from + 1 }] }), [
      ['/a', 1],
      ['/b', 1],
    ]);
    await store.deleteAccount(10);
    assert.deepEqual(await keys('path', days), []);
  });

  it('runs every other aggregation kind with Elasticsearch shapes', async () => {
    const metric = (
      kind: 'min' | 'max' | 'value_count' | 'cardinality' | 'extended_stats',
      field: string,
    ): NamedAggregation['aggregation'] => ({ kind, field, missing: null, sigma: null, precisionThreshold: null });
    const aggregations: NamedAggregation[] = [
      {
        name: 'h',
        meta: null,
        aggregation: {
          kind: 'histogram',
          field: 'bytes',
          interval: 100,
          offset: 0,
          minDocCount: 0,
          extendedBounds: null,
          hardBounds: null,
          order: [],
          keyed: false,
          missing: null,
          aggregations: [],
        },
      },
      {
        name: 'dr',
        meta: null,
        aggregation: {
          kind: 'date_range',
          field: '@timestamp',
          keyed: false,
          format: null,
          timeZone: null,
          missing: null,
          ranges: [{ key: 'old', from: null, to: { epochMs: NOW - 58_500, original: 'x' } }],
          aggregations: [],
        },
      },
      {
        name: 'f',
        meta: { ui: 1 },
        aggregation: {
          kind: 'filters',
          keyed: true,
          otherBucket: true,
          otherBucketKey: '_other_',
          filters: [{ key: 'refused', query: parseQuery({ match: { message: 'refused' } }, { now: NOW, profile: 'elasticsearch' }) }],
          aggregations: [],
        },
      },
      {
        name: 'm',
        meta: null,
        aggregation: { kind: 'missing', field: 'tags', aggregations: [{ name: 'min', meta: null, aggregation: metric('min', 'bytes') }] },
      },
      { name: 'max', meta: null, aggregation: metric('max', 'bytes') },
      { name: 'vc', meta: null, aggregation: metric('value_count', 'host') },
      { name: 'card', meta: null, aggregation: metric('cardinality', 'host') },
      { name: 'es', meta: null, aggregation: metric('extended_stats', 'bytes') },
      { name: 'p', meta: null, aggregation: { kind: 'percentiles', field: 'bytes', percents: [50], keyed: true, missing: null } },
    ];
    const a = (await run({ match_all: {} }, { aggregations, size: 0 })).aggregations as Record<string, Record<string, unknown>>;
    const buckets = (name: string) => a[name]?.buckets as { key: unknown; doc_count: number }[];
    assert.deepEqual(
      buckets('h').map((b) => [b.key, b.doc_count]),
      [
        [0, 4],
        [100, 0],
        [200, 0],
        [300, 0],
        [400, 0],
        [500, 1],
      ],
    );
    assert.deepEqual(
      buckets('dr').map((b) => [b.key, b.doc_count]),
      [['old', 2]],
    );
    assert.deepEqual(a.f, { meta: { ui: 1 }, buckets: { refused: { doc_count: 2 }, _other_: { doc_count: 3 } } });
    assert.deepEqual(a.m, { doc_count: 4, min: { value: 0 } });
    assert.deepEqual([a.max?.value, a.vc?.value, a.card?.value], [512, 5, 4]);
    assert.equal(a.es?.count, 5);
    assert.equal(typeof a.es?.std_deviation, 'number');
    assert.equal(typeof (a.p?.values as Record<string, number>)['50.0'], 'number');
  });
});
