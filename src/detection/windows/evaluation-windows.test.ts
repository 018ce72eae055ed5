import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dueWindowEnds } from './evaluation-windows.js';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const base = { schedule: undefined, settleDelayMs: 30_000, intervalMs: 60_000, maxWindows: 10 };

describe('due evaluation windows', () => {
  it('starts with the newest settled window', () => {
    assert.deepEqual(dueWindowEnds({ ...base, evaluatedUntil: undefined, nowMs: T0 + 45_000 }), [T0]);
    // 29 s after the minute the minute's logs are not settled yet.
    assert.deepEqual(dueWindowEnds({ ...base, evaluatedUntil: undefined, nowMs: T0 + 29_000 }), [T0 - 60_000]);
  });

  it('judges each window once: nothing twice, nothing skipped after a late cycle', () => {
    assert.deepEqual(dueWindowEnds({ ...base, evaluatedUntil: T0, nowMs: T0 + 45_000 }), []);
    assert.deepEqual(dueWindowEnds({ ...base, evaluatedUntil: T0, nowMs: T0 + 60_000 + 45_000 }), [T0 + 60_000]);
    assert.deepEqual(dueWindowEnds({ ...base, evaluatedUntil: T0, nowMs: T0 + 3 * 60_000 + 31_000 }), [
      T0 + 60_000,
      T0 + 120_000,
      T0 + 180_000,
    ]);
  });

  it('catches up a long outage a bounded number of windows at a time', () => {
    const ends = dueWindowEnds({ ...base, evaluatedUntil: T0, nowMs: T0 + 60 * 60_000 });
    assert.equal(ends.length, 10);
    assert.equal(ends[0], T0 + 60_000);
  });

  it('follows the cron schedule in its time zone', () => {
    const schedule = { cronExpression: '*/15 * * * *', timezone: 'UTC' };
    assert.deepEqual(dueWindowEnds({ ...base, schedule, evaluatedUntil: undefined, nowMs: T0 + 20 * 60_000 }), [T0 + 15 * 60_000]);
    assert.deepEqual(dueWindowEnds({ ...base, schedule, evaluatedUntil: T0 + 15 * 60_000, nowMs: T0 + 20 * 60_000 }), []);
    assert.deepEqual(dueWindowEnds({ ...base, schedule, evaluatedUntil: T0, nowMs: T0 + 31 * 60_000 }), [
      T0 + 15 * 60_000,
      T0 + 30 * 60_000,
    ]);
  });
});
