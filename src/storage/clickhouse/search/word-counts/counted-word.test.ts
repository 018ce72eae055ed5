import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSearchRequest, type QueryAst } from '../../../../query/index.js';
import { countedWord, wordQuery } from './counted-word.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const queryOf = (query: Record<string, unknown>): QueryAst => parseSearchRequest({ query }, { now: NOW, profile: 'logzio' }).query;

describe('countedWord', () => {
  it('is the word of a field-less word and of a word on message, as query_string and match write them', () => {
    assert.deepEqual(countedWord(queryOf({ query_string: { query: 'http' } })), {
      field: '*',
      word: 'http',
      fromMs: -Infinity,
      toMs: Infinity,
    });
    assert.deepEqual(countedWord(queryOf({ query_string: { query: 'message:timeout' } })), {
      field: 'message',
      word: 'timeout',
      fromMs: -Infinity,
      toMs: Infinity,
    });
    assert.deepEqual(countedWord(queryOf({ match: { message: 'timeout' } })), {
      field: 'message',
      word: 'timeout',
      fromMs: -Infinity,
      toMs: Infinity,
    });
    assert.equal(countedWord(queryOf({ query_string: { query: '1.1' } }))?.word, '1.1');
    // A word of letters is the same query in any case; a number is the number as written.
    assert.equal(countedWord(queryOf({ query_string: { query: 'ERROR' } }))?.word, 'error');
    assert.equal(countedWord(queryOf({ query_string: { query: 'message:Timeout' } }))?.word, 'timeout');
    // What the builder counts is what a search of the word is.
    assert.deepEqual(queryOf({ query_string: { query: 'http' } }), wordQuery('*', 'http'));
    assert.deepEqual(queryOf({ query_string: { query: 'message:http' } }), wordQuery('message', 'http'));
  });

  it("takes a bool's @timestamp ranges as the matches' window, as Discover sends them", () => {
    const discover = {
      bool: {
        must: [{ query_string: { query: 'http' } }],
        filter: [
          { range: { '@timestamp': { gte: NOW - 900_000, lte: NOW } } },
          { range: { '@timestamp': { gt: NOW - 1_800_000, lt: NOW + 1 } } },
        ],
      },
    };
    assert.deepEqual(countedWord(queryOf(discover)), { field: '*', word: 'http', fromMs: NOW - 900_000, toMs: NOW + 1 });
    const exclusive = {
      bool: { must: [{ query_string: { query: 'http' } }], filter: [{ range: { '@timestamp': { gt: NOW, lt: NOW + 10 } } }] },
    };
    assert.deepEqual(countedWord(queryOf(exclusive)), { field: '*', word: 'http', fromMs: NOW + 1, toMs: NOW + 10 });
  });

  it('is null for any other query, where the counts do not say which logs match', () => {
    for (const query of [
      { match: { message: 'HTTP/1.1' } },
      { query_string: { query: '1E3' } },
      { query_string: { query: 'http timeout' } },
      { query_string: { query: 'http*' } },
      { query_string: { query: 'http~' } },
      { query_string: { query: '"http get"' } },
      { query_string: { query: 'level:error' } },
      { query_string: { query: 'NOT http' } },
      { match: { message: { query: 'http', fuzziness: 1 } } },
      { match_phrase: { message: 'http' } },
      { term: { message: 'http' } },
      { bool: { must: [{ query_string: { query: 'http' } }], filter: [{ term: { level: 'error' } }] } },
      { bool: { must: [{ query_string: { query: 'http' } }], filter: [{ range: { bytes: { gte: 1 } } }] } },
      { bool: { must: [{ query_string: { query: 'http' } }], must_not: [{ query_string: { query: 'get' } }] } },
      { bool: { must: [{ query_string: { query: 'http' } }, { query_string: { query: 'get' } }] } },
      { bool: { should: [{ query_string: { query: 'http' } }] } },
      { match_all: {} },
    ]) {
      assert.equal(countedWord(queryOf(query)), null, JSON.stringify(query));
    }
  });
});
