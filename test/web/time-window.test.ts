/** The web app's time arithmetic: relative times, quick ranges within retention, zoom out never into the future. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DAY_MS, intervalFor, quickRanges, resolveTime, zoomedOut } from '../../web/src/time.js';

const NOW = Date.parse('2026-11-25T14:00:00Z');

describe('web time ranges', () => {
  it('resolves now, now-N units and ISO times, and nothing else', () => {
    assert.equal(resolveTime('now', NOW), NOW);
    assert.equal(resolveTime('now-15m', NOW), NOW - 15 * 60_000);
    assert.equal(resolveTime('now-2d', NOW), NOW - 2 * DAY_MS);
    assert.equal(resolveTime('2026-11-20T10:00:00Z', NOW), Date.parse('2026-11-20T10:00:00Z'));
    assert.equal(resolveTime('yesterday', NOW), undefined);
    assert.equal(resolveTime('now-5y', NOW), undefined);
  });

  it('offers quick ranges up to the retention', () => {
    assert.deepEqual(
      quickRanges(7).map((range) => range.from),
      ['now-5m', 'now-15m', 'now-1h', 'now-4h', 'now-24h', 'now-2d', 'now-7d'],
    );
    assert.equal(quickRanges(30).at(-1)?.label, 'Last 30 days');
  });

  it('zooms out around the middle but never past now', () => {
    assert.deepEqual(zoomedOut(NOW - 3_600_000, NOW, NOW, true), { from: new Date(NOW - 7_200_000).toISOString(), to: 'now' });
    const recent = zoomedOut(NOW - 3 * 3_600_000, NOW - 3_600_000, NOW, false);
    assert.deepEqual(recent, { from: new Date(NOW - 4 * 3_600_000).toISOString(), to: 'now' });
    const old = zoomedOut(NOW - 10 * DAY_MS, NOW - 9 * DAY_MS, NOW, false);
    assert.deepEqual(old, { from: new Date(NOW - 10.5 * DAY_MS).toISOString(), to: new Date(NOW - 8.5 * DAY_MS).toISOString() });
  });

  it('picks a histogram interval of about 60 buckets', () => {
    assert.equal(intervalFor(15 * 60_000).text, '30s');
    assert.equal(intervalFor(3_600_000).text, '1m');
    assert.equal(intervalFor(2 * DAY_MS).text, '1h');
  });
});
