/** The facts the compiler notes as it writes a predicate (decision 0730), never read back from the SQL text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../query/index.js';
import { FieldCatalog } from '../fields/field-access.js';
import { CompileContext } from './compile-context.js';
import { compilePredicate, type PredicateFacts } from './query-compiler.js';
import { queryHelpers } from './query-helpers.js';

const catalog = new FieldCatalog([
  [
    { name: 'message', type: 'text', conflictingTypes: [], inArrays: false, plainText: false },
    { name: 'agent', type: 'text', conflictingTypes: [], inArrays: false, plainText: false },
    { name: 'status', type: 'long', conflictingTypes: [], inArrays: false, plainText: true },
  ],
]);
const factsOf = (query: unknown): PredicateFacts =>
  compilePredicate(new CompileContext(catalog, queryHelpers), parseQuery(query, { now: 0, profile: 'elasticsearch' })).facts;

describe('predicate facts', () => {
  it('notes a test of message: its column, its index, a pattern over it, a field-less test', () => {
    assert.equal(factsOf({ match: { message: 'refused' } }).readsMessage, true);
    assert.equal(factsOf({ exists: { field: 'message' } }).readsMessage, true);
    assert.equal(factsOf({ wildcard: { 'mess*': 'x*' } }).readsMessage, true);
    assert.equal(factsOf({ query_string: { query: 'refused' } }).readsMessage, true);
    assert.equal(factsOf({ term: { 'message.keyword': 'a b' } }).readsMessage, true);
  });

  it('does not take a literal for the column', () => {
    assert.equal(factsOf({ term: { agent: 'message' } }).readsMessage, false);
    assert.equal(factsOf({ term: { agent: 'fields_plain' } }).usesPlainColumns.fields, false);
    assert.equal(factsOf({ match_all: {} }).readsMessage, false);
  });

  it('notes the plain forms where the compiler wrote them', () => {
    assert.deepEqual(factsOf({ match: { message: 'refused' } }).usesPlainColumns, { message: true, fields: false });
    assert.deepEqual(factsOf({ query_string: { query: 'refused' } }).usesPlainColumns, { message: true, fields: true });
    assert.deepEqual(factsOf({ term: { status: 500 } }).usesPlainColumns, { message: false, fields: false });
  });

  it('leaves out tests that only score', () => {
    const scoring = { bool: { filter: [{ term: { status: 500 } }], should: [{ match: { message: 'refused' } }] } };
    assert.deepEqual(factsOf(scoring), { readsMessage: false, usesPlainColumns: { message: false, fields: false } });
    assert.equal(factsOf({ bool: { should: [{ match: { message: 'refused' } }, { term: { status: 500 } }] } }).readsMessage, true);
  });
});
