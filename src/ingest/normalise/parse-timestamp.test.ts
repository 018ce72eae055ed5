import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseTimestamp } from './parse-timestamp.js';

const RECEIVED = Date.UTC(2026, 10, 21, 12);

describe('parseTimestamp', () => {
  it('reads ISO-8601 with Z or an offset, any fraction length, as Date.parse does', () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const pad = (value: number, width: number): string => String(value).padStart(width, '0');
    for (let i = 0; i < 2000; i += 1) {
      const base = `${pad(1971 + next(200), 4)}-${pad(1 + next(12), 2)}-${pad(1 + next(28), 2)}T${pad(next(24), 2)}:${pad(next(60), 2)}:${pad(next(60), 2)}`;
      const fraction = next(3) === 0 ? '' : `.${pad(next(1_000_000_000), 9).slice(0, 1 + next(9))}`;
      const zone = next(2) === 0 ? 'Z' : `${next(2) === 0 ? '+' : '-'}${pad(next(14), 2)}:${pad(next(4) * 15, 2)}`;
      const text = base + fraction + zone;
      // Date.parse keeps milliseconds only from the first three fraction digits, as we do.
      const expected = Date.parse(base + (fraction === '' ? '' : fraction.slice(0, 4).padEnd(4, '0')) + zone);
      assert.equal(parseTimestamp(text, RECEIVED), expected, text);
    }
  });

  it('reads the other shapes shippers send', () => {
    assert.equal(parseTimestamp('2026-11-21 10:41:21,123 +02:00', RECEIVED), Date.UTC(2026, 10, 21, 8, 41, 21, 123));
    assert.equal(parseTimestamp('2026-11-21T10:41:21', RECEIVED), Date.UTC(2026, 10, 21, 10, 41, 21));
    assert.equal(parseTimestamp('2026-11-21T10:41:21+0200', RECEIVED), Date.UTC(2026, 10, 21, 8, 41, 21));
    assert.equal(parseTimestamp(' 2026-11-21T10:41:21Z ', RECEIVED), Date.UTC(2026, 10, 21, 10, 41, 21));
    assert.equal(parseTimestamp('Nov 21 10:41:21', RECEIVED), Date.UTC(2026, 10, 21, 10, 41, 21));
    assert.equal(parseTimestamp('21/Nov/2026:10:41:21 +0000', RECEIVED), Date.UTC(2026, 10, 21, 10, 41, 21));
    assert.equal(parseTimestamp(1795000000, RECEIVED), 1_795_000_000_000);
    assert.equal(parseTimestamp('1795000000123', RECEIVED), 1_795_000_000_123);
  });

  it('refuses what is not a time, so the receive time is used', () => {
    for (const text of [
      '2026-13-21T10:41:21Z',
      '2026-11-21T25:41:21Z',
      '2026-11-21T10:41:21.Z',
      '2026-11-21T10:41:21.123Q',
      'yesterday',
      '',
      '2026-11-2xT10:41:21Z',
    ]) {
      assert.equal(parseTimestamp(text, RECEIVED), undefined, text);
    }
  });
});
