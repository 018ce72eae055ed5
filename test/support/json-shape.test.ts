import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shapeMismatches } from './json-shape.js';

describe('shapeMismatches', () => {
  it('accepts the same keys and types with other values, and extra keys', () => {
    assert.deepEqual(shapeMismatches({ a: 2, b: ['x'], c: { d: true }, extra: 1 }, { a: 1, b: ['y', 'z'], c: { d: false } }), []);
  });

  it('reports a missing key, a wrong leaf type and a wrong item type with their paths', () => {
    assert.deepEqual(shapeMismatches({ b: [1], c: { d: 'true' } }, { a: 1, b: ['y'], c: { d: false } }), [
      '$.a: missing',
      '$.b[0]: expected string, got number',
      '$.c.d: expected boolean, got string',
    ]);
  });

  it('lets a fixture null stand for a nullable field but not for a missing key', () => {
    assert.deepEqual(shapeMismatches({ a: 'x' }, { a: null }), []);
    assert.deepEqual(shapeMismatches({}, { a: null }), ['$.a: missing']);
  });

  it('refuses an object where the fixture has an array', () => {
    assert.deepEqual(shapeMismatches({ a: {} }, { a: [] }), ['$.a: expected array, got object']);
  });
});
