import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../shared/app-error.js';
import { MAX_CLAUSE_COUNT } from './query-bounds.js';
import { parseSearchRequest } from './search-request.js';

describe('query bounds', () => {
  const parse = (body: unknown) => parseSearchRequest(body, { now: Date.UTC(2026, 2, 2), profile: 'logzio' });
  const ored = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' OR ');

  it('refuses a query_string of 20,000 ORed words before it runs, naming the limit as Elasticsearch does', () => {
    const started = Date.now();
    assert.throws(
      () => parse({ query: { query_string: { query: ored(20_000) } } }),
      (error) => isAppError(error) && error.code === 'invalid_argument' && /maxClauseCount is set to 1024/.test(error.message),
    );
    assert.ok(Date.now() - started < 5_000);
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
