import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDate } from './date-format.js';
import { formatDate } from './date-print.js';

const AT = Date.parse('2026-03-05T07:08:09.012Z');

describe('formatDate', () => {
  const cases: ReadonlyArray<readonly [string | null, string | null, string]> = [
    [null, null, '2026-03-05T07:08:09.012Z'],
    ['strict_date_optional_time', 'Europe/Paris', '2026-03-05T08:08:09.012+01:00'],
    ['strict_date_optional_time||epoch_millis', '-05:30', '2026-03-05T01:38:09.012-05:30'],
    ['epoch_millis', null, String(AT)],
    ['epoch_second', null, String(Math.floor(AT / 1000))],
    ['date', null, '2026-03-05'],
    ['basic_date', null, '20260305'],
    ['yyyy-MM-dd HH:mm:ss', null, '2026-03-05 07:08:09'],
    ['dd/MM/yy h:mm a', null, '05/03/26 7:08 AM'],
    ["EEE, d MMM yyyy 'at' HH:mm", null, 'Thu, 5 Mar 2026 at 07:08'],
    ['yyyy-MM-dd HH:mm Z', 'America/New_York', '2026-03-05 02:08 -0500'],
  ];
  for (const [format, zone, expected] of cases) it(`${format} ${zone}`, () => assert.equal(formatDate(AT, format, zone), expected));

  it('round-trips with parseDate', () => {
    for (const format of ['strict_date_optional_time', 'yyyy-MM-dd HH:mm:ss.SSS', 'epoch_millis']) {
      assert.equal(parseDate(formatDate(AT, format, 'Europe/Paris'), format, 'Europe/Paris'), AT);
    }
  });
});
