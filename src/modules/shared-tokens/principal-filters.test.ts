import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { principalFiltersOf } from './shared-token-service.js';

describe("a shared token's filters as principal filters", () => {
  const filters = [
    { field: 'team', value: 'red' },
    { field: 'env', value: 'prod' },
  ];

  it('AND: one exact filter per condition (the whole value, through the keyword twin), each narrowing', () => {
    assert.deepEqual(principalFiltersOf(filters, 'AND'), [
      { kind: 'es-dsl', query: { term: { 'team.keyword': 'red' } } },
      { kind: 'es-dsl', query: { term: { 'env.keyword': 'prod' } } },
    ]);
  });

  it('OR: one disjunction that needs one condition', () => {
    assert.deepEqual(principalFiltersOf(filters, 'OR'), [
      {
        kind: 'es-dsl',
        query: { bool: { should: [{ term: { 'team.keyword': 'red' } }, { term: { 'env.keyword': 'prod' } }], minimum_should_match: 1 } },
      },
    ]);
  });

  it('none: no narrowing (the account is still the only one searched)', () => {
    assert.deepEqual(principalFiltersOf([], 'OR'), []);
  });
});
