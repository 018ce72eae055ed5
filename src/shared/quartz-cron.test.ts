import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertCron } from './quartz-cron.js';

describe('alert cron', () => {
  it('reads Quartz expressions as Logz.io clients send them', () => {
    const from = new Date('2026-03-02T08:58:00Z'); // a Monday
    const every5 = alertCron('0 0/5 9-17 ? * * *', 'UTC');
    assert.equal(every5.nextRun(from)?.toISOString(), '2026-03-02T09:00:00.000Z');
    assert.equal(every5.nextRun(new Date('2026-03-02T09:00:00Z'))?.toISOString(), '2026-03-02T09:05:00.000Z');
    assert.equal(alertCron('0 15 10 ? * 2', 'UTC').nextRun(from)?.toISOString(), '2026-03-02T10:15:00.000Z'); // 2 = Monday in Quartz
    assert.equal(alertCron('0 0 12 1/10 * ? 2026', 'UTC').nextRun(from)?.toISOString(), '2026-03-11T12:00:00.000Z');
  });

  it('keeps five-field Unix cron as it is', () => {
    assert.equal(alertCron('*/15 * * * 1', 'UTC').nextRun(new Date('2026-03-01T23:50:00Z'))?.toISOString(), '2026-03-02T00:00:00.000Z');
  });

  it('throws on what is not a cron expression', () => {
    for (const bad of ['every minute', '0 0/5 25 ? * * *', '* * *']) assert.throws(() => alertCron(bad, 'UTC'), bad);
  });
});
