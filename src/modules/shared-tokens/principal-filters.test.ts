import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { principalFiltersOf } from './shared-token-service.js';

describe("a shared token's filters as principal filters", () => {
  const filters = [
    { field: 'team', value: 'red' },
    { field: 'env', value: 'prod' },
  ];

  it('AND: one phrase filter per condition, each narrowing', () => {
    assert.deepEqual(principalFiltersOf(filters, 'AND'), [
      { kind: 'es-dsl', query: { match_phrase: { team: 'red' } } },
      { kind: 'es-dsl', query: { match_phrase: { env: 'prod' } } },
    ]);
  });

  it('OR: one disjunction that needs one condition', () => {
    assert.deepEqual(principalFiltersOf(filters, 'OR'), [
      {
        kind: 'es-dsl',
        query: { bool: { should: [{ match_phrase: { team: 'red' } }, { match_phrase: { env: 'prod' } }], minimum_should_match: 1 } },
      },
    ]);
  });

  it('none: no narrowing (the account is still the only one searched)', () => {
    assert.deepEqual(principalFiltersOf([], 'OR'), []);
  });
});
