import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest } from '../../../../query/index.js';
import { isMonotone } from './monotone.js';

const queryOf = (query: Record<string, unknown>) => parseSearchRequest({ query }, { now: 0, profile: 'elasticsearch' }).query;

describe('isMonotone', () => {
  it('holds for words, phrases, AND, OR and filters', () => {
    assert.equal(isMonotone(queryOf({ query_string: { query: 'http AND (error OR "connection refused")' } })), true);
    assert.equal(isMonotone(queryOf({ bool: { filter: [{ term: { level: 'ERROR' } }], should: [{ match: { message: 'a' } }] } })), true);
    assert.equal(isMonotone(queryOf({ constant_score: { filter: { dis_max: { queries: [{ match: { message: 'a' } }] } } } })), true);
  });

  it('fails wherever a clause is negated, however deep', () => {
    assert.equal(isMonotone(queryOf({ query_string: { query: 'http AND NOT error' } })), false);
    assert.equal(isMonotone(queryOf({ query_string: { query: '-error' } })), false);
    assert.equal(
      isMonotone(queryOf({ constant_score: { filter: { bool: { must: [{ bool: { must_not: [{ match: { message: 'a' } }] } }] } } } })),
      false,
    );
    assert.equal(
      isMonotone(
        queryOf({ boosting: { positive: { match: { message: 'a' } }, negative: { match: { message: 'b' } }, negative_boost: 0.5 } }),
      ),
      false,
    );
  });
});
