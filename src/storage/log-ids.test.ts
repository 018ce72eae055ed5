import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogIdGenerator } from './log-ids.js';

describe('log ids', () => {
  it('are 20 url-safe characters, unique within and across generators, led by the time', () => {
    const first = createLogIdGenerator();
    const second = createLogIdGenerator();
    const ids = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) {
      ids.add(first(1_795_262_400_000));
      ids.add(second(1_795_262_400_000));
    }
    assert.equal(ids.size, 20_000);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{20}$/);
    // Same millisecond, same generator: only the counter differs, so neighbours share most characters.
    assert.equal(first(1_795_262_400_000).slice(0, 8), first(1_795_262_400_000).slice(0, 8));
  });
});
