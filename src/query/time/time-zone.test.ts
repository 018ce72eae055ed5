import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromLocal, isValidTimeZone, offsetMsAt, toLocal } from './time-zone.js';

describe('time zones', () => {
  const winter = Date.parse('2026-01-15T12:00:00Z');
  const summer = Date.parse('2026-07-15T12:00:00Z');
  const cases: ReadonlyArray<readonly [string | null, number, number]> = [
    [null, winter, 0],
    ['UTC', winter, 0],
    ['Z', winter, 0],
    ['+01:00', winter, 3_600_000],
    ['-0530', winter, -19_800_000],
    ['Europe/Paris', winter, 3_600_000],
    ['Europe/Paris', summer, 7_200_000],
    ['America/New_York', summer, -14_400_000],
  ];
  for (const [zone, at, offset] of cases) it(`${zone} at ${new Date(at).toISOString()}`, () => assert.equal(offsetMsAt(at, zone), offset));

  it('round-trips wall-clock fields', () => {
    const local = toLocal(summer, 'Europe/Paris');
    assert.deepEqual(local, { year: 2026, month: 7, day: 15, hour: 14, minute: 0, second: 0, millisecond: 0 });
    assert.equal(fromLocal(local, 'Europe/Paris'), summer);
  });
  it('knows valid zones', () => {
    assert.ok(isValidTimeZone('Asia/Tokyo'));
    assert.ok(isValidTimeZone('+05:30'));
    assert.ok(!isValidTimeZone('Mars/Olympus'));
  });
});
