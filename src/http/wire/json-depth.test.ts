import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonDepthExceeds } from './json-depth.js';

const nested = (depth: number): string => '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth);

describe('JSON nesting depth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    assert.equal(jsonDepthExceeds(nested(5), 10), false);
    assert.equal(jsonDepthExceeds(nested(6), 10), true);
    const quoted = JSON.stringify({ s: '[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{\\"[[[[[[[[[[[' });
    assert.equal(jsonDepthExceeds(quoted, 3), false);
    assert.equal(jsonDepthExceeds(`[${JSON.stringify('a\\"[[[[')},[[[1]]]]`, 3), true);
    assert.equal(jsonDepthExceeds('[1,2,3]', 0), true);
  });
});
