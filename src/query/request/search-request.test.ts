import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertLike as like } from '../../../test/support/assert-like.js';
import { DslError } from '../dsl/dsl-error.js';
import { parseSearchRequest } from './search-request.js';

const NOW = Date.parse('2026-11-21T12:34:56.789Z');
const es = { now: NOW, profile: 'elasticsearch' as const };
const logzio = { now: NOW, profile: 'logzio' as const };

describe('parseSearchRequest defaults', () => {
  it('an ES body without query searches everything', () => {
    like(parseSearchRequest({}, es), {
      query: { kind: 'match_all' },
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
      trackTotalHits: 10_000,
      searchAfter: null,
      timeoutMs: null,
      terminateAfter: null,
      dayOffset: null,
      accountIds: null,
    });
    like(parseSearchRequest(undefined, es), { query: { kind: 'match_all' } });
  });
  it('Logz.io counts totals exactly', () => like(parseSearchRequest({ query: { match_all: {} } }, logzio), { trackTotalHits: true }));
});

describe('parseSearchRequest fields', () => {
  const cases: ReadonlyArray<{ name: string; body: unknown; expected: unknown; options?: typeof es | typeof logzio }> = [
    { name: 'from and size', body: { from: 20, size: 50 }, expected: { from: 20, size: 50 } },
    {
      name: 'sort as a string',
      body: { sort: '@timestamp' },
      expected: { sort: [{ kind: 'field', field: '@timestamp', order: 'asc', missing: '_last', unmappedType: null }] },
    },
    {
      name: 'sort in every form',
      body: {
        sort: [
          'host',
          { '@timestamp': 'desc' },
          { bytes: { order: 'asc', missing: '_first', unmapped_type: 'long', mode: 'max' } },
          '_score',
          { _doc: { order: 'desc' } },
        ],
      },
      expected: {
        sort: [
          { kind: 'field', field: 'host', order: 'asc' },
          { kind: 'field', field: '@timestamp', order: 'desc' },
          { kind: 'field', field: 'bytes', order: 'asc', missing: '_first', unmappedType: 'long', mode: 'max' },
          { kind: 'score', order: 'desc' },
          { kind: 'doc', order: 'desc' },
        ],
      },
    },
    { name: '_source false', body: { _source: false }, expected: { source: { enabled: false } } },
    { name: '_source string', body: { _source: 'user.*' }, expected: { source: { enabled: true, includes: ['user.*'], excludes: [] } } },
    { name: '_source array', body: { _source: ['a', 'b'] }, expected: { source: { includes: ['a', 'b'] } } },
    {
      name: '_source includes/excludes',
      body: { _source: { includes: 'a*', excludes: ['a.secret'] } },
      expected: { source: { includes: ['a*'], excludes: ['a.secret'] } },
    },
    {
      name: '_source singular spellings',
      body: { _source: { include: ['a'], exclude: 'b' } },
      expected: { source: { includes: ['a'], excludes: ['b'] } },
    },
    { name: 'post_filter', body: { post_filter: { term: { a: 1 } } }, expected: { postFilter: { kind: 'term' } } },
    {
      name: 'docvalue_fields',
      body: { docvalue_fields: ['a', { field: '@timestamp', format: 'epoch_millis' }] },
      expected: {
        docvalueFields: [
          { field: 'a', format: null },
          { field: '@timestamp', format: 'epoch_millis' },
        ],
      },
    },
    {
      name: 'stored_fields and version',
      body: { stored_fields: ['_none_'], version: true },
      expected: { storedFields: ['_none_'], version: true },
    },
    {
      name: 'highlight defaults and per-field settings',
      body: {
        highlight: {
          fields: { message: {}, title: { number_of_fragments: 0, pre_tags: ['<b>'], post_tags: ['</b>'] } },
          fragment_size: 50,
          require_field_match: false,
        },
      },
      expected: {
        highlight: {
          requireFieldMatch: false,
          fields: [
            { field: 'message', preTags: ['<em>'], postTags: ['</em>'], fragmentSize: 50, numberOfFragments: 5, highlightQuery: null },
            { field: 'title', preTags: ['<b>'], postTags: ['</b>'], fragmentSize: 50, numberOfFragments: 0 },
          ],
        },
      },
    },
    {
      name: 'highlight fields as a list',
      body: { highlight: { fields: [{ '*': {} }] } },
      expected: { highlight: { fields: [{ field: '*' }] } },
    },
    { name: 'aggs', body: { aggs: { a: { avg: { field: 'x' } } } }, expected: { aggregations: [{ name: 'a' }] } },
    { name: 'aggregations', body: { aggregations: { a: { avg: { field: 'x' } } } }, expected: { aggregations: [{ name: 'a' }] } },
    { name: 'track_total_hits', body: { track_total_hits: false }, expected: { trackTotalHits: false } },
    { name: 'track_total_hits number', body: { track_total_hits: 100 }, expected: { trackTotalHits: 100 } },
    { name: 'search_after', body: { search_after: [1700000000000, 'abc', null] }, expected: { searchAfter: [1700000000000, 'abc', null] } },
    {
      name: 'timeout and terminate_after',
      body: { timeout: '2s', terminate_after: 100 },
      expected: { timeoutMs: 2000, terminateAfter: 100 },
    },
    { name: 'accepted and ignored keys', body: { explain: true, seq_no_primary_term: true }, expected: { query: { kind: 'match_all' } } },
    {
      name: 'a Grafana logs query',
      body: {
        size: 500,
        query: {
          bool: {
            filter: [
              { range: { '@timestamp': { gte: 1700000000000, lte: 1700003600000, format: 'epoch_millis' } } },
              { query_string: { analyze_wildcard: true, query: 'level:error' } },
            ],
          },
        },
        sort: [{ '@timestamp': { order: 'desc', unmapped_type: 'boolean' } }, { _doc: { order: 'desc' } }],
        script_fields: {},
        docvalue_fields: ['@timestamp'],
        highlight: { fields: { '*': {} }, pre_tags: ['@HIGHLIGHT@'], post_tags: ['@/HIGHLIGHT@'], fragment_size: 2147483647 },
        aggs: {
          '2': {
            date_histogram: {
              interval: '30s',
              field: '@timestamp',
              min_doc_count: '0',
              extended_bounds: { min: '1700000000000', max: '1700003600000' },
              format: 'epoch_millis',
            },
          },
        },
      },
      expected: {
        size: 500,
        query: {
          filter: [
            { kind: 'range', lower: { epochMs: 1700000000000 }, upper: { epochMs: 1700003600000 } },
            { kind: 'match', field: 'level' },
          ],
        },
        highlight: { fields: [{ field: '*', preTags: ['@HIGHLIGHT@'], fragmentSize: 2147483647 }] },
        aggregations: [
          {
            name: '2',
            aggregation: {
              kind: 'date_histogram',
              interval: { kind: 'fixed', ms: 30_000 },
              extendedBounds: { min: { epochMs: 1700000000000 } },
            },
          },
        ],
      },
    },
    {
      name: 'a Kibana Discover query',
      body: {
        version: true,
        size: 500,
        sort: [{ '@timestamp': { order: 'desc', unmapped_type: 'boolean' } }],
        aggs: { '2': { date_histogram: { field: '@timestamp', fixed_interval: '30s', time_zone: 'Europe/Paris', min_doc_count: 1 } } },
        stored_fields: ['*'],
        script_fields: {},
        docvalue_fields: [{ field: '@timestamp', format: 'date_time' }],
        _source: { excludes: [] },
        runtime_mappings: {},
        fields: [{ field: '*', include_unmapped: 'true' }],
        query: {
          bool: {
            must: [],
            filter: [
              { match_all: {} },
              {
                range: {
                  '@timestamp': { gte: '2026-11-21T11:00:00.000Z', lte: '2026-11-21T12:00:00.000Z', format: 'strict_date_optional_time' },
                },
              },
            ],
            should: [],
            must_not: [],
          },
        },
        highlight: {
          pre_tags: ['@kibana-highlighted-field@'],
          post_tags: ['@/kibana-highlighted-field@'],
          fields: { '*': {} },
          fragment_size: 2147483647,
        },
      },
      expected: {
        version: true,
        storedFields: ['*'],
        docvalueFields: [
          { field: '@timestamp', format: 'date_time' },
          { field: '*', format: null },
        ],
        query: { kind: 'bool', filter: [{ kind: 'match_all' }, { kind: 'range', lower: { epochMs: Date.parse('2026-11-21T11:00:00Z') } }] },
      },
    },
    {
      name: 'Logz.io dayOffset and accountIds',
      body: { query: { match_all: {} }, dayOffset: 2, accountIds: [500, 600] },
      expected: { dayOffset: 2, accountIds: [500, 600] },
      options: logzio,
    },
    {
      name: 'Logz.io accepts every SPEC body field',
      body: {
        query: { match_all: {} },
        from: 0,
        size: 10000,
        sort: [{ '@timestamp': 'desc' }],
        _source: { includes: ['a'] },
        post_filter: { match_all: {} },
        docvalue_fields: ['a'],
        version: true,
        stored_fields: ['a'],
        highlight: { fields: { a: {} } },
        aggregations: {},
        aggs: undefined,
      },
      expected: { size: 10000 },
      options: logzio,
    },
  ];
  for (const { name, body, expected, options = es } of cases) it(name, () => like(parseSearchRequest(body, options), expected));
});

describe('parseSearchRequest errors', () => {
  const cases: ReadonlyArray<{ name: string; body: unknown; path: string; message: RegExp; options?: typeof es | typeof logzio }> = [
    {
      name: 'size over the window',
      body: { size: 10001 },
      path: 'size',
      message: /^Result window is too large, from \+ size must be less than or equal to: \[10000\] but was \[10001\]/,
    },
    { name: 'from + size over the window', body: { from: 9995, size: 10 }, path: 'size', message: /but was \[10005\]/ },
    { name: 'negative size', body: { size: -1 }, path: 'size', message: /must be at least 0/ },
    { name: 'unknown ES key', body: { qeury: {} }, path: 'qeury', message: /^Unknown key for a START_OBJECT in \[qeury\]\.$/ },
    { name: 'dayOffset is not ES', body: { dayOffset: 1 }, path: 'dayOffset', message: /Unknown key/ },
    {
      name: 'unsupported ES feature',
      body: { script_fields: { x: { script: 'doc.a' } } },
      path: 'script_fields',
      message: /not supported/,
    },
    {
      name: 'sort with two fields in one object',
      body: { sort: [{ a: 'asc', b: 'desc' }] },
      path: 'sort[0]',
      message: /expected one sort field/,
    },
    { name: 'bad sort order', body: { sort: [{ a: 'up' }] }, path: 'sort[0].a', message: /expected one of \[asc, desc\]/ },
    {
      name: 'highlight unknown key',
      body: { highlight: { fields: { a: { colour: 'red' } } } },
      path: 'highlight.fields.a',
      message: /unknown key "colour"/,
    },
    {
      name: 'nested query error path',
      body: { post_filter: { bool: { should: [{ range: { a: 5 } }] } } },
      path: 'post_filter.bool.should[0].range.a',
      message: /expected an object/,
    },
  ];
  for (const { name, body, path, message, options = es } of cases) {
    it(name, () => {
      assert.throws(
        () => parseSearchRequest(body, options),
        (error: unknown) =>
          error instanceof DslError && error.code === 'invalid_argument' && error.parameters.path === path && message.test(error.message),
      );
    });
  }
});

describe('Logz.io /v1/search restrictions (reference §2.6 messages)', () => {
  const cases: ReadonlyArray<{ name: string; body: unknown; message: string | RegExp }> = [
    { name: 'query is required', body: { size: 1 }, message: /query is required/ },
    {
      name: 'unknown top-level elements',
      body: { query: { match_all: {} }, track_total_hits: true, foo: 1 },
      message: 'Found JSON elements which are not allowed [track_total_hits, foo]',
    },
    {
      name: 'allow_leading_wildcard true',
      body: { query: { query_string: { query: 'a', allow_leading_wildcard: true } } },
      message: '[query.query_string] query_string.allow_leading_wildcard not allowed to be true',
    },
    {
      name: 'leading wildcard in query_string',
      body: { query: { bool: { must: [{ query_string: { query: 'message:*rror' } }] } } },
      message: '[query.bool.must[0].query_string.query] contains a wildcard search with leading wildcard which is not allowed [*rror]',
    },
    {
      name: 'leading ? in query_string',
      body: { query: { query_string: { query: '?rror' } } },
      message: /leading wildcard which is not allowed \[\?rror\]/,
    },
    {
      name: "wildcard query starting with '*'",
      body: { query: { wildcard: { host: '*eb' } } },
      message: "[query.wildcard.host] 'wildcard' queries are not allowed to start with '*' or '?'",
    },
    {
      name: "wildcard query starting with '?'",
      body: { query: { wildcard: { host: { value: '?eb' } } } },
      message: "[query.wildcard.host] 'wildcard' queries are not allowed to start with '*' or '?'",
    },
    {
      name: 'max_expansions',
      body: { query: { match_phrase_prefix: { message: { query: 'a', max_expansions: 5 } } } },
      message: 'Found JSON elements which are not allowed [query.match_phrase_prefix.message.max_expansions]',
    },
    {
      name: 'fuzzy_max_expansions',
      body: { query: { query_string: { query: 'a~', fuzzy_max_expansions: 5 } } },
      message: 'Found JSON elements which are not allowed [query.query_string.fuzzy_max_expansions]',
    },
    {
      name: 'max_expansions where ES does not even know it',
      body: { query: { match_phrase: { message: { query: 'a b', max_expansions: 5 } } } },
      message: 'Found JSON elements which are not allowed [query.match_phrase.message.max_expansions]',
    },
    {
      name: 'max_determinized_states',
      body: { query: { regexp: { host: { value: 'a.*', max_determinized_states: 100 } } } },
      message: 'Found JSON elements which are not allowed [query.regexp.host.max_determinized_states]',
    },
    {
      name: 'sort on message',
      body: { query: { match_all: {} }, sort: [{ message: 'asc' }] },
      message:
        /^This search can't be executed: \[can't sort on the analyzed field message \(sort\[0\]\.message\)\]\. Please contact customer support for more details$/,
    },
    {
      name: 'size over 10,000',
      body: { query: { match_all: {} }, size: 10001 },
      message: /^Query has failed\. Elasticsearch Response: \[Result window is too large/,
    },
    {
      name: 'syntax error',
      body: { query: { query_string: { query: 'a AND' } } },
      message: /^Query syntax \(in 'query' field\) is invalid: \[a AND: unexpected end of query\]$/,
    },
  ];
  for (const { name, body, message } of cases) {
    it(name, () => {
      assert.throws(
        () => parseSearchRequest(body, logzio),
        (error: unknown) =>
          error instanceof DslError &&
          error.code === 'invalid_argument' &&
          (typeof message === 'string' ? error.message === message : message.test(error.message)),
      );
    });
  }

  it('the same bodies are fine for the Elasticsearch API', () => {
    parseSearchRequest(
      {
        query: { query_string: { query: '*rror', allow_leading_wildcard: true, fuzzy_max_expansions: 5 } },
        sort: [{ message: 'asc' }],
        track_total_hits: true,
      },
      es,
    );
    parseSearchRequest({ query: { wildcard: { host: '*eb' } } }, es);
  });
});
