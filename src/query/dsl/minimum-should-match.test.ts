import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DslError } from './dsl-error.js';
import { effectiveMinimumShouldMatch, readMinimumShouldMatch, resolveMinimumShouldMatch } from './minimum-should-match.js';

describe('resolveMinimumShouldMatch', () => {
  const cases: ReadonlyArray<readonly [string | number, number, number]> = [
    [2, 5, 2],
    ['3', 5, 3],
    [-1, 5, 4],
    ['75%', 4, 3],
    ['75%', 5, 3],
    ['-25%', 5, 4],
    ['3<90%', 3, 3],
    ['3<90%', 10, 9],
    ['2<-25% 9<-3', 2, 2],
    ['2<-25% 9<-3', 8, 6],
    ['2<-25% 9<-3', 12, 9],
    [10, 3, 3],
    [-10, 3, 0],
  ];
  for (const [spec, count, expected] of cases)
    it(`${spec} of ${count}`, () => assert.equal(resolveMinimumShouldMatch(spec, count), expected));
});

describe('effectiveMinimumShouldMatch (ES defaults)', () => {
  const q = {};
  it('only should clauses → 1', () =>
    assert.equal(effectiveMinimumShouldMatch({ must: [], filter: [], should: [q, q], minimumShouldMatch: null }), 1));
  it('should with must → 0', () =>
    assert.equal(effectiveMinimumShouldMatch({ must: [q], filter: [], should: [q], minimumShouldMatch: null }), 0));
  it('should with filter → 0', () =>
    assert.equal(effectiveMinimumShouldMatch({ must: [], filter: [q], should: [q], minimumShouldMatch: null }), 0));
  it('as written', () =>
    assert.equal(effectiveMinimumShouldMatch({ must: [q], filter: [], should: [q, q, q], minimumShouldMatch: '67%' }), 2));
});

describe('readMinimumShouldMatch', () => {
  for (const valid of [1, '2', '-1', '75%', '3<90%', '2<-25% 9<-3'])
    it(`accepts ${valid}`, () => assert.ok(readMinimumShouldMatch(valid, 'p') !== undefined));
  for (const invalid of ['x', 1.5, {}, '3<']) {
    it(`rejects ${JSON.stringify(invalid)}`, () => assert.throws(() => readMinimumShouldMatch(invalid, 'p'), DslError));
  }
});
