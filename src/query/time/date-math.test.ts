import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveDateMath } from './date-math.js';

const NOW = Date.parse('2026-11-21T12:34:56.789Z');
const at = (iso: string): number => Date.parse(iso);

describe('resolveDateMath', () => {
  const cases: ReadonlyArray<{ value: string | number; expected: number | null; roundUp?: boolean; format?: string; timeZone?: string }> = [
    { value: 'now', expected: NOW },
    { value: 'now-5m', expected: NOW - 300_000 },
    { value: 'now+1h', expected: NOW + 3_600_000 },
    { value: 'now-1d/d', expected: at('2026-11-20T00:00:00Z') },
    { value: 'now/d', expected: at('2026-11-21T00:00:00Z') },
    { value: 'now/d', roundUp: true, expected: at('2026-11-21T23:59:59.999Z') },
    { value: 'now/M', expected: at('2026-11-01T00:00:00Z') },
    { value: 'now/y', expected: at('2026-01-01T00:00:00Z') },
    { value: 'now/w', expected: at('2026-11-16T00:00:00Z') },
    { value: 'now/H', expected: at('2026-11-21T12:00:00Z') },
    { value: 'now-1M', expected: at('2026-10-21T12:34:56.789Z') },
    { value: 'now/d', timeZone: '+01:00', expected: at('2026-11-20T23:00:00Z') },
    { value: 'now/d', timeZone: 'America/New_York', expected: at('2026-11-21T05:00:00Z') },
    { value: '2024-01-01||+1M/d', expected: at('2024-02-01T00:00:00Z') },
    { value: '2024-03-05T10:00:00Z', expected: at('2024-03-05T10:00:00Z') },
    { value: '2024-03-05T10:00:00+02:00', expected: at('2024-03-05T08:00:00Z') },
    { value: '2024-03-05T10:00:00', timeZone: 'Europe/Paris', expected: at('2024-03-05T09:00:00Z') },
    { value: '2024-03-05', expected: at('2024-03-05T00:00:00Z') },
    { value: '2024-03-05', roundUp: true, expected: at('2024-03-05T23:59:59.999Z') },
    { value: '2024-02', roundUp: true, expected: at('2024-02-29T23:59:59.999Z') },
    { value: '2024-12', roundUp: true, expected: at('2024-12-31T23:59:59.999Z') },
    { value: '2024-03-05T10:00:00.123Z', expected: at('2024-03-05T10:00:00.123Z') },
    { value: 1700000000000, expected: 1700000000000 },
    { value: '1700000000000', expected: 1700000000000 },
    { value: 1700000000, format: 'epoch_second', expected: 1700000000000 },
    { value: '1700000000', format: 'epoch_second', expected: 1700000000000 },
    { value: '05/03/2024 10:11', format: 'dd/MM/yyyy HH:mm', expected: at('2024-03-05T10:11:00Z') },
    { value: '2024-03-05 10:11:12', format: 'yyyy-MM-dd HH:mm:ss||epoch_millis', expected: at('2024-03-05T10:11:12Z') },
    { value: 'yesterday', expected: null },
    { value: 'now-5x', expected: null },
    { value: '2024-13-01', expected: null },
  ];
  for (const { value, expected, roundUp = false, format = null, timeZone = null } of cases) {
    it(`${JSON.stringify(value)} roundUp=${roundUp} format=${format} tz=${timeZone}`, () => {
      assert.equal(resolveDateMath(value, { now: NOW, roundUp, format, timeZone }), expected);
    });
  }
});
