import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mismatch, resolvePrevious, translateExpect } from './expectations.js';

describe('quickwit scenario expectations', () => {
  it('translates every $expect form the scenarios use', () => {
    assert.equal(translateExpect('len(val) == 3')?.([1, 2, 3]), true);
    assert.equal(translateExpect('len(val) > 4')?.('abc'), false);
    assert.equal(translateExpect('val > 278300')?.(300000), true);
    assert.equal(translateExpect('270 < float(val[:-2]) < 280')?.('275kb'), true);
    assert.equal(translateExpect("not 'actor' in val")?.({ actor: 1 }), false);
    assert.equal(translateExpect("'timestamp' in val")?.({ timestamp: 1 }), true);
    assert.equal(translateExpect("val.startswith('Malformed')")?.('Malformed action'), true);
    assert.equal(translateExpect('abs(val - 30.2617) < 0.1')?.(30.3), true);
    assert.equal(translateExpect('val.upper() == 1'), undefined);
  });

  it('matches dicts as subsets and lists exactly', () => {
    assert.equal(mismatch({ a: { b: 1 } }, { a: { b: 1, c: 2 }, d: 3 }), null);
    assert.match(mismatch({ a: [1, 2] }, { a: [1] }) ?? '', /expected 2 items/);
    assert.match(mismatch({ a: { $expect: 'len(val) == 0' } }, { a: [1] }) ?? '', /fails/);
    assert.match(mismatch({ a: 1 }, {}) ?? '', /missing/);
  });

  it('reads $previous from the last response', () => {
    assert.deepEqual(resolvePrevious({ scroll_id: { $previous: 'val["_scroll_id"]' } }, { _scroll_id: 'abc' }), { scroll_id: 'abc' });
  });
});
