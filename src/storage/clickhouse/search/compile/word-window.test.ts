import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest } from '../../../../query/index.js';
import { wordWindow } from './word-window.js';

const queryOf = (query: Record<string, unknown>) => parseSearchRequest({ query }, { now: 0, profile: 'elasticsearch' }).query;
const wordsOf = (query: Record<string, unknown>): string[] => [...wordWindow(queryOf(query)).words].sort();

describe('wordWindow', () => {
  it('gives the words whose presence in a message makes a log match', () => {
    assert.deepEqual(wordsOf({ query_string: { query: 'http' } }), ['http']);
    assert.deepEqual(wordsOf({ query_string: { query: 'http', default_operator: 'AND' } }), ['http']);
    assert.deepEqual(wordsOf({ query_string: { query: 'http OR timeout' } }), ['http', 'timeout']);
    assert.deepEqual(wordsOf({ match: { message: 'http' } }), ['http']);
    assert.deepEqual(wordsOf({ multi_match: { query: 'get http', fields: ['*'] } }), ['get', 'http']);
    assert.deepEqual(wordsOf({ constant_score: { filter: { query_string: { query: 'http' } } } }), ['http']);
  });

  it('gives none where a word alone does not make the match', () => {
    assert.deepEqual(wordsOf({ query_string: { query: 'http AND timeout' } }), []);
    assert.deepEqual(wordsOf({ query_string: { query: 'http AND level:ERROR' } }), []);
    assert.deepEqual(wordsOf({ query_string: { query: 'NOT http' } }), []);
    assert.deepEqual(wordsOf({ query_string: { query: 'http -timeout' } }), []);
    assert.deepEqual(wordsOf({ match: { zone: 'http' } }), []);
    assert.deepEqual(wordsOf({ query_string: { query: 'htt*' } }), []);
    assert.deepEqual(wordsOf({ match: { message: { query: 'http', fuzziness: 1 } } }), []);
    assert.deepEqual(wordsOf({ match_all: {} }), []);
  });

  it('keeps the time ranges of the top-level filter apart, as bounds of the rows read', () => {
    const window = wordWindow(
      queryOf({
        bool: {
          must: [{ query_string: { query: 'http', default_operator: 'AND' } }],
          filter: [{ range: { '@timestamp': { gte: 1, lt: 2, format: 'epoch_millis' } } }],
        },
      }),
    );
    assert.deepEqual(window.words, ['http']);
    assert.deepEqual(
      window.within.map((range) => range.kind),
      ['range'],
    );
    // A filter on another field is a test like any other: the word alone no longer makes the match.
    assert.deepEqual(wordsOf({ bool: { must: [{ query_string: { query: 'http' } }], filter: [{ term: { level: 'ERROR' } }] } }), []);
  });
});
