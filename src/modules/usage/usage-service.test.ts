import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock, MS_PER_DAY } from '../../shared/clock.js';
import { createUsageService } from './usage-service.js';

const DAY = Date.UTC(2026, 10, 21);

for (const backend of controlPlaneBackends) {
  describe(`usage service (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    const accountId = 4242;
    before(async () => {
      opened = await backend.open();
      await opened.controlPlane.db
        .insertInto('accounts')
        .values({
          id: accountId,
          name: 'a',
          region: 'us',
          owner_account_id: null,
          account_type: 'OWNER_ACCOUNT',
          email: null,
          retention_days: 7,
          max_daily_gb: 1,
          reserved_daily_gb: null,
          is_flexible: 0,
          searchable: 1,
          accessible: 1,
          doc_size_setting: 0,
          active: 1,
          settings: '{}',
          created_at: 0,
          updated_at: 0,
          last_updater_user_id: null,
        })
        .execute();
    });
    after(async () => opened.dispose());

    it('adds deltas per day and reads the last days back oldest first', async () => {
      const clock = createManualClock(DAY + 3_600_000);
      const usage = createUsageService({ db: opened.controlPlane.db, clock });
      await usage.record([
        { accountId, day: DAY - 2 * MS_PER_DAY, acceptedBytes: 5, refusedBytes: 0 },
        { accountId, day: DAY - MS_PER_DAY, acceptedBytes: 100, refusedBytes: 7 },
        { accountId, day: DAY, acceptedBytes: 10, refusedBytes: 0 },
      ]);
      await usage.record([{ accountId, day: DAY, acceptedBytes: 32, refusedBytes: 3 }]);
      assert.deepEqual(await usage.usageFor(accountId, 2), [
        { date: DAY - MS_PER_DAY, bytes: 100 },
        { date: DAY, bytes: 42 },
      ]);
      assert.deepEqual(await usage.dayTotals(accountId, DAY), { day: DAY, acceptedBytes: 42, refusedBytes: 3 });
      assert.deepEqual(await usage.dayTotals(accountId, DAY + MS_PER_DAY), { day: DAY + MS_PER_DAY, acceptedBytes: 0, refusedBytes: 0 });
      assert.deepEqual(await usage.usageFor(999, 30), []);
    });
  });
}
