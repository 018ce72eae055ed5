import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest } from '../../../../query/index.js';
import { requiredTests } from './required-tests.js';

const queryOf = (query: Record<string, unknown>) => parseSearchRequest({ query }, { now: 0, profile: 'elasticsearch' }).query;

describe('requiredTests', () => {
  it('is one for a word, a phrase, an OR of words and a negated word', () => {
    assert.equal(requiredTests(queryOf({ query_string: { query: 'http' } })), 1);
    assert.equal(requiredTests(queryOf({ query_string: { query: '"connection refused"' } })), 1);
    assert.equal(requiredTests(queryOf({ query_string: { query: 'error OR warn' } })), 1);
    assert.equal(requiredTests(queryOf({ query_string: { query: 'NOT timeout' } })), 1);
    assert.equal(requiredTests(queryOf({ constant_score: { filter: { match: { message: 'a' } } } })), 1);
    assert.equal(requiredTests(queryOf({ match_all: {} })), 0);
    // What Discover sends: the words, and the time picker's range on the primary key's column.
    const discover = { bool: { must: [{ query_string: { query: 'http' } }], filter: [{ range: { '@timestamp': { gte: 'now-15m' } } }] } };
    assert.equal(requiredTests(queryOf(discover)), 1);
  });

  it('counts every clause a row must pass, however nested', () => {
    assert.equal(requiredTests(queryOf({ query_string: { query: 'refused AND level:ERROR' } })), 2);
    assert.equal(requiredTests(queryOf({ query_string: { query: 'http AND NOT error' } })), 2);
    assert.equal(requiredTests(queryOf({ bool: { must: [{ match: { message: 'a' } }], filter: [{ range: { bytes: { gte: 5 } } }] } })), 2);
    assert.equal(requiredTests(queryOf({ bool: { filter: [{ term: { level: 'ERROR' } }], should: [{ match: { message: 'a' } }] } })), 2);
    assert.equal(
      requiredTests(queryOf({ bool: { must: [{ bool: { must: [{ match: { message: 'a' } }, { match: { message: 'b' } }] } }] } })),
      2,
    );
  });
});
