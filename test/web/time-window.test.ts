/** The web app's time arithmetic: relative times, and the dayOffset whose 2-day window holds a range's end. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DAY_MS, intervalFor, resolveTime, windowFor } from '../../web/src/time.js';

const NOW = Date.parse('2026-11-25T14:00:00Z');
const TODAY = Date.parse('2026-11-25T00:00:00Z');

describe('web time ranges', () => {
  it('resolves now, now-N units and ISO times, and nothing else', () => {
    assert.equal(resolveTime('now', NOW), NOW);
    assert.equal(resolveTime('now-15m', NOW), NOW - 15 * 60_000);
    assert.equal(resolveTime('now-2d', NOW), NOW - 2 * DAY_MS);
    assert.equal(resolveTime('2026-11-20T10:00:00Z', NOW), Date.parse('2026-11-20T10:00:00Z'));
    assert.equal(resolveTime('yesterday', NOW), undefined);
    assert.equal(resolveTime('now-5y', NOW), undefined);
  });

  it('searches today and yesterday for recent ranges, an older window for older ones', () => {
    assert.deepEqual(windowFor(NOW - 3_600_000, NOW, NOW), { dayOffset: 0, windowStart: TODAY - DAY_MS, clipped: false });
    assert.deepEqual(windowFor(NOW - 3 * DAY_MS, NOW, NOW), { dayOffset: 0, windowStart: TODAY - DAY_MS, clipped: true });
    const old = windowFor(Date.parse('2026-11-20T08:00:00Z'), Date.parse('2026-11-20T09:00:00Z'), NOW);
    assert.equal(old.dayOffset, 5);
    assert.equal(old.windowStart, Date.parse('2026-11-19T00:00:00Z'));
    assert.equal(old.clipped, false);
    // A range ending exactly at midnight belongs to the day before.
    assert.equal(windowFor(TODAY - 3_600_000, TODAY, NOW).dayOffset, 1);
  });

  it('picks a histogram interval of about 60 buckets', () => {
    assert.equal(intervalFor(15 * 60_000).text, '30s');
    assert.equal(intervalFor(3_600_000).text, '1m');
    assert.equal(intervalFor(2 * DAY_MS).text, '1h');
  });
});
