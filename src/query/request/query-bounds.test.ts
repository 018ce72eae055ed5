import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../shared/app-error.js';
import { MAX_CLAUSE_COUNT, MAX_NESTED_DEPTH, MAX_PATTERN_LENGTH } from './query-bounds.js';
import { parseSearchRequest } from './search-request.js';

describe('query bounds', () => {
  const parse = (body: unknown) => parseSearchRequest(body, { now: Date.UTC(2026, 2, 2), profile: 'logzio' });
  const ored = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' OR ');

  it('refuses a query_string of 20,000 ORed words before it is parsed, naming the limit', () => {
    const started = Date.now();
    assert.throws(
      () => parse({ query: { query_string: { query: ored(20_000) } } }),
      (error) => isAppError(error) && error.code === 'invalid_argument' && /allowed maximum of \[32768\]/.test(error.message),
    );
    assert.ok(Date.now() - started < 1_000);
    assert.throws(() => parse({ query: { simple_query_string: { query: ored(20_000) } } }), /allowed maximum of \[32768\]/);
  });

  it('refuses more clauses than Elasticsearch allows, as Elasticsearch says it', () => {
    assert.throws(
      () => parse({ query: { query_string: { query: ored(1_100) } } }),
      (error) => isAppError(error) && error.code === 'invalid_argument' && /maxClauseCount is set to 1024/.test(error.message),
    );
  });

  it('refuses queries nested deeper than indices.query.bool.max_nested_depth, in the DSL and in query_string', () => {
    let nested: unknown = { term: { host: 'a' } };
    for (let i = 0; i < MAX_NESTED_DEPTH; i += 1) nested = { bool: { must: [nested] } };
    assert.throws(() => parse({ query: nested }), /max_nested_depth/);
    parse({ query: (nested as { bool: { must: unknown[] } }).bool.must[0] });
    const parens = `${'('.repeat(5_000)}a${')'.repeat(5_000)}`;
    assert.throws(() => parse({ query: { query_string: { query: parens } } }), /max_nested_depth/);
    assert.throws(() => parse({ query: { simple_query_string: { query: parens } } }), /max_nested_depth/);
    parse({ query: { query_string: { query: `${'('.repeat(10)}a${')'.repeat(10)}` } } });
  });

  it('refuses regexp, wildcard and prefix patterns longer than index.max_regex_length', () => {
    const long = 'a'.repeat(MAX_PATTERN_LENGTH + 1);
    assert.throws(() => parse({ query: { regexp: { message: long } } }), /length of regex \[1001\].*index\.max_regex_length/);
    assert.throws(() => parse({ query: { wildcard: { host: `${long}*` } } }), /Wildcard Query/);
    assert.throws(() => parse({ query: { prefix: { host: long } } }), /Prefix Query/);
    assert.throws(() => parse({ query: { query_string: { query: `host:/${long}/` } } }), /Regexp Query/);
    parse({ query: { regexp: { message: 'a'.repeat(MAX_PATTERN_LENGTH) } } });
  });

  it('bounds filters inside aggregations too', () => {
    const values = Array.from({ length: MAX_CLAUSE_COUNT + 1 }, (_, i) => `h${i}`);
    assert.throws(() => parse({ query: { match_all: {} }, aggs: { f: { filter: { terms: { host: values } } } } }), /maxClauseCount/);
  });

  it('counts terms values, nested bools and post_filter', () => {
    const values = Array.from({ length: MAX_CLAUSE_COUNT + 1 }, (_, i) => `h${i}`);
    assert.throws(() => parse({ query: { terms: { host: values } } }), /maxClauseCount/);
    assert.throws(() => parse({ query: { match_all: {} }, post_filter: { terms: { host: values } } }), /post_filter/);
    const half = { bool: { should: Array.from({ length: 600 }, (_, i) => ({ term: { host: `h${i}` } })) } };
    assert.throws(() => parse({ query: { bool: { must: [half, half] } } }), /maxClauseCount/);
  });

  it('lets ordinary queries through', () => {
    parse({ query: { query_string: { query: ored(1_000) } } });
    parse({ query: { terms: { host: Array.from({ length: MAX_CLAUSE_COUNT }, (_, i) => `h${i}`) } } });
  });
});
