/** Which compiled queries score every match the same (the default sort then pages newest first, decision 0356). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../query/index.js';
import { FieldCatalog } from '../fields/field-access.js';
import { CompileContext } from './compile-context.js';
import { compileQuery } from './query-compiler.js';
import { queryHelpers } from './query-helpers.js';

const catalog = new FieldCatalog([
  [
    { name: 'message', type: 'text', conflictingTypes: [], inArrays: false, plainText: false },
    { name: 'level', type: 'text', conflictingTypes: [], inArrays: false, plainText: false },
    { name: 'status', type: 'long', conflictingTypes: [], inArrays: false, plainText: false },
  ],
]);
const equalScores = (query: unknown): boolean =>
  compileQuery(new CompileContext(catalog, queryHelpers), parseQuery(query, { now: 0, profile: 'elasticsearch' })).constantScore === true;

describe('constant scores', () => {
  it('holds for phrases, terms, filters and their conjunctions', () => {
    assert.equal(equalScores({ match_all: {} }), true);
    assert.equal(equalScores({ match_phrase: { message: 'connection refused' } }), true);
    assert.equal(equalScores({ query_string: { query: 'message:"connection refused"' } }), true);
    assert.equal(equalScores({ term: { status: 500 } }), true);
    assert.equal(equalScores({ bool: { filter: [{ match: { message: 'refused' } }] } }), true);
    assert.equal(equalScores({ bool: { must: [{ term: { status: 500 } }, { match_phrase: { message: 'a b' } }] } }), true);
    // One should clause and nothing else: every match meets it.
    assert.equal(equalScores({ bool: { should: [{ term: { status: 500 } }] } }), true);
    assert.equal(equalScores({ constant_score: { filter: { match: { message: 'refused' } } } }), true);
  });

  it('does not hold where term frequency, length or optional clauses make scores differ', () => {
    assert.equal(equalScores({ match: { message: 'refused' } }), false);
    assert.equal(equalScores({ query_string: { query: 'level:error' } }), false);
    assert.equal(equalScores({ bool: { should: [{ term: { status: 500 } }, { term: { status: 502 } }] } }), false);
    assert.equal(equalScores({ bool: { must: [{ term: { status: 500 } }], should: [{ match_phrase: { message: 'a b' } }] } }), false);
    assert.equal(equalScores({ dis_max: { queries: [{ term: { status: 500 } }, { term: { status: 502 } }] } }), false);
    assert.equal(
      equalScores({ boosting: { positive: { term: { status: 500 } }, negative: { term: { status: 502 } }, negative_boost: 0.5 } }),
      false,
    );
    assert.equal(equalScores({ multi_match: { query: 'error', fields: ['message', 'level'] } }), false);
  });
});
