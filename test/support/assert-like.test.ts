import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertLike } from './assert-like.js';

describe('assertLike', () => {
  it('accepts a subset of keys', () => assertLike({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { d: 2 }] } }));
  it('rejects a different value', () => assert.throws(() => assertLike({ a: 1 }, { a: 2 }), /\$\.a/));
  it('rejects a missing key', () => assert.throws(() => assertLike({}, { a: null })));
  it('rejects arrays of another length', () => assert.throws(() => assertLike({ a: [1, 2] }, { a: [1] }), /expected 1 items/));
  it('rejects a scalar where an object is expected', () =>
    assert.throws(() => assertLike({ a: 1 }, { a: { b: 1 } }), /expected an object/));
});
