import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { percentile, slopePerHour, trendOf } from './memory-trend.js';

const MB = 1_048_576;
const minutes = (n: number) => n * 60_000;

describe('soak memory trend', () => {
  it('fits the slope per hour', () => {
    const samples = Array.from({ length: 10 }, (_, i) => ({ t: minutes(i), value: 100 * MB + i * MB }));
    assert.equal(Math.round(slopePerHour(samples) / MB), 60);
  });

  it('calls a sawtooth flat and a steady leak growing', () => {
    const sawtooth = Array.from({ length: 60 }, (_, i) => ({ t: minutes(i), value: 300 * MB + (i % 5) * 20 * MB }));
    assert.equal(trendOf(sawtooth).flat, true);
    const leak = Array.from({ length: 60 }, (_, i) => ({ t: minutes(i), value: 300 * MB + i * 2 * MB }));
    assert.equal(trendOf(leak).flat, false);
  });

  it('takes nearest-rank percentiles', () => {
    assert.equal(percentile([5, 1, 3, 2, 4], 50), 3);
    assert.equal(percentile([5, 1, 3, 2, 4], 99), 5);
    assert.equal(percentile([], 50), 0);
  });
});
