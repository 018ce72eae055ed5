import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ownLogId } from './own-log.js';

describe('own log writer', () => {
  it('gives time-led ids that repeat for the same key', () => {
    const a = ownLogId(Date.UTC(2026, 0, 1), 'alert:1:2:[]');
    assert.equal(a, ownLogId(Date.UTC(2026, 0, 1), 'alert:1:2:[]'));
    assert.notEqual(a, ownLogId(Date.UTC(2026, 0, 1), 'alert:1:3:[]'));
    assert.equal(a.length, 20);
    // Same instant, same lead: the first 8 characters encode the 6 time bytes.
    assert.equal(a.slice(0, 8), ownLogId(Date.UTC(2026, 0, 1), 'other').slice(0, 8));
  });
});
