import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock, MS_PER_DAY } from '../../src/shared/clock.js';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { openLogReader } from '../support/log-reader.js';
import { addShippingAccount } from '../support/shipping-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('retention', () => {
  const clock = createManualClock(Date.now());
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend, clock });
  });
  after(async () => t.close());

  it("deletes each account's logs once they are past its own retention, when the scheduled job runs", async () => {
    const longLived = await addShippingAccount(t.app.controlPlane.db, { name: 'long', retentionDays: 60 });
    const line = JSON.stringify({ message: 'kept for a while', '@timestamp': new Date(clock.now()).toISOString() });
    for (const token of [t.shippingToken, longLived.token]) {
      const response = await t.listener.inject({
        method: 'POST',
        url: `/?token=${token}`,
        payload: line,
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(response.statusCode, 200, response.body);
    }
    const reader = openLogReader(t.config);
    try {
      assert.equal((await reader.logs(t.mainAccountId)).length, 1);
      await t.app.retentionJob.run(new AbortController().signal);
      assert.equal((await reader.logs(t.mainAccountId)).length, 1, 'nothing is deleted within retention');

      // The main account keeps 30 days; 31 days later its log goes, the 60-day account's stays.
      clock.advance(31 * MS_PER_DAY);
      await t.app.retentionJob.run(new AbortController().signal);
      assert.equal((await reader.logs(t.mainAccountId)).length, 0, "the 30-day account's log is deleted");
      assert.equal((await reader.logs(longLived.accountId)).length, 1, "the 60-day account's log is kept");
    } finally {
      reader.close();
    }
  });
});
