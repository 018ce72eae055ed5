import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertLike as like } from '../../../test/support/assert-like.js';
import { DslError } from '../dsl/dsl-error.js';
import { parseQuery } from './parse-query.js';

const NOW = Date.parse('2026-11-21T12:34:56.789Z');
const es = { now: NOW, profile: 'elasticsearch' as const };

const terms = (...list: string[]) => list.map((term, position) => ({ term, position }));

describe('parseQuery clauses', () => {
  const cases: ReadonlyArray<{ name: string; query: unknown; expected: unknown }> = [
    { name: 'match_all', query: { match_all: {} }, expected: { kind: 'match_all', boost: 1 } },
    { name: 'match_all boost', query: { match_all: { boost: 1.5 } }, expected: { kind: 'match_all', boost: 1.5 } },
    { name: 'match_none', query: { match_none: {} }, expected: { kind: 'match_none' } },
    {
      name: 'term shorthand',
      query: { term: { host: 'web-1' } },
      expected: { kind: 'term', field: 'host', value: 'web-1', caseInsensitive: false, boost: 1 },
    },
    {
      name: 'term object',
      query: { term: { 'host.keyword': { value: 'Web', case_insensitive: true, boost: 2 } } },
      expected: { kind: 'term', field: 'host.keyword', value: 'Web', caseInsensitive: true, boost: 2 },
    },
    { name: 'term number', query: { term: { status: 500 } }, expected: { kind: 'term', value: 500 } },
    {
      name: 'terms',
      query: { terms: { status: [500, '503'], boost: 2 } },
      expected: { kind: 'terms', field: 'status', values: [500, '503'], boost: 2 },
    },
    { name: 'exists', query: { exists: { field: 'user' } }, expected: { kind: 'exists', field: 'user' } },
    { name: 'prefix shorthand', query: { prefix: { path: '/api' } }, expected: { kind: 'prefix', field: 'path', prefix: '/api' } },
    {
      name: 'prefix object',
      query: { prefix: { path: { value: '/API', case_insensitive: true } } },
      expected: { kind: 'prefix', prefix: '/API', caseInsensitive: true },
    },
    {
      name: 'wildcard',
      query: { wildcard: { host: { value: 'web-*' } } },
      expected: { kind: 'wildcard', field: 'host', pattern: 'web-*', normalize: false },
    },
    { name: 'wildcard legacy key', query: { wildcard: { host: { wildcard: 'w?b' } } }, expected: { kind: 'wildcard', pattern: 'w?b' } },
    {
      name: 'regexp',
      query: { regexp: { host: { value: 'web-[0-9]+', flags: 'INTERVAL|COMPLEMENT' } } },
      expected: { kind: 'regexp', pattern: 'web-[0-9]+', flags: ['INTERVAL', 'COMPLEMENT'] },
    },
    { name: 'regexp default flags', query: { regexp: { host: 'a.*' } }, expected: { kind: 'regexp', flags: ['ALL'] } },
    {
      name: 'fuzzy',
      query: { fuzzy: { user: { value: 'kimchy', fuzziness: 2, prefix_length: 1 } } },
      expected: { kind: 'fuzzy', value: 'kimchy', fuzziness: { kind: 'edits', edits: 2 }, prefixLength: 1, transpositions: true },
    },
    { name: 'fuzzy AUTO', query: { fuzzy: { user: 'kimchy' } }, expected: { kind: 'fuzzy', fuzziness: { kind: 'auto', low: 3, high: 6 } } },
    { name: 'ids', query: { ids: { values: ['a', 2] } }, expected: { kind: 'ids', values: ['a', '2'] } },
    {
      name: 'match analyses with positions',
      query: { match: { message: 'Connection REFUSED from 10.1.15.43' } },
      expected: {
        kind: 'match',
        field: 'message',
        text: 'Connection REFUSED from 10.1.15.43',
        tokens: terms('connection', 'refused', 'from', '10.1.15.43'),
        operator: 'or',
        minimumShouldMatch: null,
        fuzziness: null,
        zeroTermsQuery: 'none',
      },
    },
    {
      name: 'match options',
      query: {
        match: {
          message: { query: 'a b c', operator: 'AND', minimum_should_match: '75%', fuzziness: 'AUTO', zero_terms_query: 'all', boost: 3 },
        },
      },
      expected: { kind: 'match', operator: 'and', minimumShouldMatch: '75%', fuzziness: { kind: 'auto' }, zeroTermsQuery: 'all', boost: 3 },
    },
    { name: 'match number query', query: { match: { status: 404 } }, expected: { kind: 'match', text: '404', tokens: terms('404') } },
    {
      name: 'match keyword analyzer',
      query: { match: { msg: { query: 'Foo Bar', analyzer: 'keyword' } } },
      expected: { tokens: terms('Foo Bar') },
    },
    {
      name: 'match_bool_prefix',
      query: { match_bool_prefix: { message: 'quick brown f' } },
      expected: { kind: 'match', lastTokenIsPrefix: true, tokens: terms('quick', 'brown', 'f') },
    },
    {
      name: 'match_phrase',
      query: { match_phrase: { message: 'connection, refused' } },
      expected: { kind: 'phrase', tokens: terms('connection', 'refused'), slop: 0, lastTokenIsPrefix: false },
    },
    { name: 'match_phrase slop', query: { match_phrase: { message: { query: 'a b', slop: 2 } } }, expected: { kind: 'phrase', slop: 2 } },
    {
      name: 'match_phrase_prefix',
      query: { match_phrase_prefix: { message: { query: 'quick br', max_expansions: 10 } } },
      expected: { kind: 'phrase', lastTokenIsPrefix: true, maxExpansions: 10 },
    },
    {
      name: 'range numbers',
      query: { range: { bytes: { gte: 10, lt: '20' } } },
      expected: {
        kind: 'range',
        field: 'bytes',
        lower: { inclusive: true, original: 10, number: 10 },
        upper: { inclusive: false, original: '20', number: 20 },
      },
    },
    {
      name: 'range date math rounds per bound',
      query: { range: { '@timestamp': { gt: 'now/d', lte: 'now/d' } } },
      expected: {
        lower: { inclusive: false, epochMs: Date.parse('2026-11-21T23:59:59.999Z'), number: null },
        upper: { inclusive: true, epochMs: Date.parse('2026-11-21T23:59:59.999Z') },
      },
    },
    {
      name: 'range now-5m with time zone and format',
      query: { range: { '@timestamp': { gte: 'now-5m', lt: '21/11/2026', format: 'dd/MM/yyyy', time_zone: '+01:00' } } },
      expected: {
        lower: { epochMs: NOW - 300_000 },
        upper: { epochMs: Date.parse('2026-11-20T23:00:00Z') },
        format: 'dd/MM/yyyy',
        timeZone: '+01:00',
      },
    },
    {
      name: 'range epoch_second',
      query: { range: { ts: { gte: 1700000000, format: 'epoch_second' } } },
      expected: { lower: { epochMs: 1700000000000, number: 1700000000 } },
    },
    {
      name: 'range strings',
      query: { range: { host: { gte: 'a', lte: 'm' } } },
      expected: { lower: { original: 'a', number: null, epochMs: null } },
    },
    {
      name: 'range legacy from/to',
      query: { range: { n: { from: 1, to: 5, include_upper: false } } },
      expected: { lower: { inclusive: true, number: 1 }, upper: { inclusive: false, number: 5 } },
    },
    {
      name: 'bool',
      query: {
        bool: {
          must: { term: { a: 1 } },
          filter: [{ term: { b: 2 } }],
          must_not: [{ exists: { field: 'c' } }],
          should: [],
          minimum_should_match: 1,
          boost: 2,
        },
      },
      expected: {
        kind: 'bool',
        must: [{ kind: 'term', field: 'a' }],
        filter: [{ kind: 'term', field: 'b' }],
        mustNot: [{ kind: 'exists' }],
        should: [],
        minimumShouldMatch: 1,
        boost: 2,
      },
    },
    {
      name: 'constant_score',
      query: { constant_score: { filter: { term: { a: 1 } }, boost: 1.2 } },
      expected: { kind: 'constant_score', filter: { kind: 'term' }, boost: 1.2 },
    },
    {
      name: 'boosting',
      query: { boosting: { positive: { term: { a: 1 } }, negative: { term: { b: 1 } }, negative_boost: 0.5 } },
      expected: { kind: 'boosting', negativeBoost: 0.5 },
    },
    {
      name: 'dis_max',
      query: { dis_max: { queries: [{ term: { a: 1 } }], tie_breaker: 0.7 } },
      expected: { kind: 'dis_max', tieBreaker: 0.7 },
    },
    {
      name: 'multi_match best_fields with boosts',
      query: { multi_match: { query: 'error', fields: ['message^2', 'payload.*'] } },
      expected: {
        kind: 'dis_max',
        tieBreaker: 0,
        queries: [
          { kind: 'match', field: 'message', boost: 2 },
          { kind: 'match', field: 'payload.*', boost: 1, lenient: true },
        ],
      },
    },
    {
      name: 'multi_match most_fields',
      query: { multi_match: { query: 'x', fields: ['a', 'b'], type: 'most_fields' } },
      expected: { kind: 'bool', should: [{ field: 'a' }, { field: 'b' }] },
    },
    {
      name: 'multi_match phrase_prefix',
      query: { multi_match: { query: 'quick br', fields: ['a'], type: 'phrase_prefix' } },
      expected: { kind: 'dis_max', queries: [{ kind: 'phrase', lastTokenIsPrefix: true }] },
    },
    {
      name: 'multi_match cross_fields and',
      query: { multi_match: { query: 'will smith', fields: ['first', 'last'], type: 'cross_fields', operator: 'and' } },
      expected: {
        kind: 'bool',
        must: [
          {
            kind: 'dis_max',
            queries: [
              { field: 'first', text: 'will' },
              { field: 'last', text: 'will' },
            ],
          },
          { kind: 'dis_max' },
        ],
      },
    },
    {
      name: 'multi_match without fields searches all',
      query: { multi_match: { query: 'x' } },
      expected: { kind: 'dis_max', queries: [{ field: '*' }] },
    },
  ];
  for (const { name, query, expected } of cases) it(name, () => like(parseQuery(query, es), expected));
});

describe('parseQuery query_string', () => {
  const qs = (query: string, extra: Record<string, unknown> = {}) => parseQuery({ query_string: { query, ...extra } }, es);
  const cases: ReadonlyArray<{ name: string; query: string; extra?: Record<string, unknown>; expected: unknown }> = [
    { name: 'bare term on all fields', query: 'error', expected: { kind: 'match', field: '*', tokens: terms('error'), lenient: true } },
    { name: 'default_field', query: 'error', extra: { default_field: 'message' }, expected: { kind: 'match', field: 'message' } },
    {
      name: 'fields with boosts → dis_max',
      query: 'error',
      extra: { fields: ['message^3', 'title'] },
      expected: {
        kind: 'dis_max',
        queries: [
          { field: 'message', boost: 3 },
          { field: 'title', boost: 1 },
        ],
      },
    },
    { name: 'field:value keeps .keyword', query: 'host.keyword:web-1', expected: { kind: 'match', field: 'host.keyword', text: 'web-1' } },
    {
      name: 'a term that analyses to two tokens uses the default operator',
      query: 'f:foo-bar',
      extra: { default_operator: 'AND' },
      expected: { kind: 'match', tokens: terms('foo', 'bar'), operator: 'and' },
    },
    {
      name: 'AND / OR / NOT',
      query: 'a AND b OR c NOT d',
      expected: { kind: 'bool', must: [{ text: 'a' }, { text: 'b' }], should: [{ text: 'c' }], mustNot: [{ text: 'd' }] },
    },
    {
      name: 'phrase with slop',
      query: 'message:"connection refused"~2',
      expected: { kind: 'phrase', field: 'message', slop: 2, tokens: terms('connection', 'refused') },
    },
    { name: 'phrase_slop default', query: '"a b"', extra: { phrase_slop: 1 }, expected: { kind: 'phrase', slop: 1 } },
    { name: 'wildcard', query: 'host:Web*', expected: { kind: 'wildcard', field: 'host', pattern: 'Web*', normalize: true } },
    { name: 'regex', query: 'host:/web-[0-9]+/', expected: { kind: 'regexp', pattern: 'web-[0-9]+', normalize: true } },
    { name: 'fuzzy', query: 'user:kimchy~1', expected: { kind: 'fuzzy', value: 'kimchy', fuzziness: { kind: 'edits', edits: 1 } } },
    {
      name: 'fuzzy default',
      query: 'user:kimchy~',
      extra: { fuzziness: 2 },
      expected: { kind: 'fuzzy', fuzziness: { kind: 'edits', edits: 2 } },
    },
    {
      name: 'inclusive range',
      query: 'status:[400 TO 499]',
      expected: { kind: 'range', lower: { inclusive: true, number: 400 }, upper: { inclusive: true, number: 499 } },
    },
    {
      name: 'mixed range with open end',
      query: 'status:{400 TO *]',
      expected: { kind: 'range', lower: { inclusive: false, number: 400 }, upper: null },
    },
    {
      name: 'date range with math',
      query: '@timestamp:[now-1h TO now]',
      expected: { kind: 'range', lower: { epochMs: NOW - 3_600_000 }, upper: { epochMs: NOW } },
    },
    { name: 'comparison', query: 'bytes:>=5', expected: { kind: 'range', lower: { inclusive: true, number: 5 }, upper: null } },
    {
      name: 'comparison lower than',
      query: 'bytes:<10',
      expected: { kind: 'range', lower: null, upper: { inclusive: false, number: 10 } },
    },
    { name: '_exists_', query: '_exists_:user', expected: { kind: 'exists', field: 'user' } },
    { name: 'field:* is exists', query: 'user:*', expected: { kind: 'exists', field: 'user' } },
    { name: '* is match_all', query: '*', expected: { kind: 'match_all' } },
    {
      name: 'field group',
      query: 'status:(500 OR 503)',
      expected: {
        kind: 'bool',
        should: [
          { field: 'status', text: '500' },
          { field: 'status', text: '503' },
        ],
      },
    },
    { name: 'boosts', query: 'a^2 (b c)^3', expected: { kind: 'bool', should: [{ boost: 2 }, { kind: 'bool', boost: 3 }] } },
    { name: 'escapes', query: 'path:\\/api\\/v1', expected: { kind: 'match', field: 'path', text: '/api/v1', tokens: terms('api', 'v1') } },
    { name: 'pure negation', query: 'NOT error', expected: { kind: 'bool', must: [], should: [], mustNot: [{ text: 'error' }] } },
    {
      name: 'minimum_should_match on the top level',
      query: 'a b c',
      extra: { minimum_should_match: 2 },
      expected: { kind: 'bool', minimumShouldMatch: 2 },
    },
    { name: 'empty query matches nothing', query: '', expected: { kind: 'match_none' } },
    {
      name: 'an empty group matches nothing',
      query: 'a ()',
      expected: { kind: 'bool', should: [{ kind: 'match' }, { kind: 'match_none' }] },
    },
    { name: 'leading wildcard allowed by default in ES', query: '*error', expected: { kind: 'wildcard', pattern: '*error' } },
    {
      name: 'java class name stays one token',
      query: 'java.net.SocketTimeoutException',
      expected: { tokens: terms('java.net.sockettimeoutexception') },
    },
  ];
  for (const { name, query, extra, expected } of cases) it(name, () => like(qs(query, extra), expected));

  it('simple_query_string', () => {
    like(parseQuery({ simple_query_string: { query: 'foo +bar -baz "x y"~1 pre*', fields: ['message'], default_operator: 'and' } }, es), {
      kind: 'bool',
      must: [
        { kind: 'bool', must: [{ kind: 'bool' }, { kind: 'phrase', slop: 1 }] },
        { kind: 'wildcard', pattern: 'pre*' },
      ],
    });
  });
  it('simple_query_string never fails on malformed input', () => {
    like(parseQuery({ simple_query_string: { query: '"unterminated (a | ' } }, es), { kind: 'phrase' });
    like(parseQuery({ simple_query_string: { query: 'a) | -' } }, es), { kind: 'match', text: 'a' });
  });
});

describe('parseQuery errors name the JSON path', () => {
  const cases: ReadonlyArray<{ query: unknown; path: string; message: RegExp }> = [
    {
      query: { bool: { filter: [{ term: { host: { valeu: 'x' } } }] } },
      path: 'query.bool.filter[0].term.host',
      message: /unknown key "valeu" at query\.bool\.filter\[0\]\.term\.host$/,
    },
    {
      query: { bool: { must: { match: { a: { query: 'x', operator: 'xor' } } } } },
      path: 'query.bool.must.match.a.operator',
      message: /expected one of \[or, and\]/,
    },
    { query: { terms: { a: 'x' } }, path: 'query.terms.a', message: /expected an array/ },
    { query: { term: { a: 1, b: 2 } }, path: 'query.term', message: /expected one field/ },
    {
      query: { terms: { a: Array.from({ length: 65_537 }, (_, index) => index) } },
      path: 'query.terms.a',
      message: /exceeded the allowed maximum of \[65536\]/,
    },
    {
      query: { terms: { a: { index: 'users', id: '2', path: 'groups' } } },
      path: 'query.terms.a',
      message: /terms lookup is not supported/,
    },
    { query: { nope: {} }, path: 'query.nope', message: /unknown query \[nope\]/ },
    { query: { nested: { path: 'x', query: {} } }, path: 'query.nested', message: /not supported/ },
    { query: { term: { a: 1 }, match: { b: 2 } }, path: 'query', message: /one query clause/ },
    {
      query: { bool: { must: [{}] } },
      path: 'query.bool.must[0]',
      message: /^query malformed, empty clause found at query\.bool\.must\[0\]$/,
    },
    { query: { range: { a: { gte: {} } } }, path: 'query.range.a.gte', message: /expected a number, a string or null/ },
    { query: { range: { a: { gte: 1, time_zone: 'Mars/Base' } } }, path: 'query.range.a.time_zone', message: /unknown time zone/ },
    { query: { exists: 'field' }, path: 'query.exists', message: /expected an object/ },
    { query: { query_string: { query: 'a AND (b' } }, path: 'query.query_string.query', message: /Failed to parse query/ },
    { query: { query_string: { query: 'a', fields: 'b' } }, path: 'query.query_string.fields', message: /expected an array/ },
    {
      query: { query_string: { query: '*a', allow_leading_wildcard: false } },
      path: 'query.query_string.query',
      message: /Leading wildcard/,
    },
    { query: { match: { a: { query: 'x', analyzer: 'nope' } } }, path: 'query.match.a.analyzer', message: /expected one of/ },
    {
      query: { match: { a: { query: 'x', minimum_should_match: 'lots' } } },
      path: 'query.match.a.minimum_should_match',
      message: /invalid minimum_should_match/,
    },
    { query: { regexp: { a: { value: 'x', flags: 'BOGUS' } } }, path: 'query.regexp.a.flags', message: /unknown regexp flag/ },
    { query: { match: { a: {} } }, path: 'query.match.a.query', message: /query is required/ },
    { query: { match_all: { boost: -1 } }, path: 'query.match_all.boost', message: /negative boost/ },
  ];
  for (const { query, path, message } of cases) {
    it(path, () => {
      assert.throws(
        () => parseQuery(query, es),
        (error: unknown) =>
          error instanceof DslError && error.code === 'invalid_argument' && error.parameters.path === path && message.test(error.message),
      );
    });
  }
});
