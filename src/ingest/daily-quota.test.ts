import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { controlPlaneBackends, type OpenedControlPlane } from '../../test/support/control-plane-backends.js';
import { createUsageService } from '../modules/usage/index.js';
import { isAppError } from '../shared/app-error.js';
import { createManualClock, MS_PER_DAY } from '../shared/clock.js';
import { BYTES_PER_GB, createDailyQuota, grantChunkBytes } from './daily-quota.js';
import type { IngestAccount } from './shipping-accounts.js';

const logger = pino({ level: 'silent' });
const DAY = Date.UTC(2026, 10, 21);

for (const backend of controlPlaneBackends) {
  describe(`daily quota (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    const account: IngestAccount = {
      accountId: 5150,
      accountName: 'capped',
      maxDailyGB: 1,
      docSizeSetting: false,
      retentionDays: 3,
      region: 'us',
    };
    before(async () => {
      opened = await backend.open();
      await opened.controlPlane.db
        .insertInto('accounts')
        .values({
          id: account.accountId,
          name: 'capped',
          region: 'us',
          owner_account_id: null,
          account_type: 'OWNER_ACCOUNT',
          email: null,
          retention_days: 3,
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

    it('admits whole requests up to the cap, refuses the one that would pass it, and counts both', async () => {
      const clock = createManualClock(DAY + 23 * 3_600_000);
      const usage = createUsageService({ db: opened.controlPlane.db, clock });
      const quota = createDailyQuota({ usage, clock, logger, flushIntervalMs: 60_000 });
      const first = await quota.admit(account, BYTES_PER_GB - 100);
      first.commit();
      const held = await quota.admit(account, 60);
      await assert.rejects(quota.admit(account, 60), (error: unknown) => {
        assert.ok(isAppError(error));
        assert.equal(error.code, 'resource_exhausted');
        assert.equal(error.retryAfterSeconds, 3600);
        assert.deepEqual(error.parameters, { accountId: 5150, accountName: 'capped', maxDailyGB: 1, resetsAt: '2026-11-22T00:00:00.000Z' });
        assert.match(error.message, /Account 5150 \(capped\) reached its daily cap of 1 GB/);
        return true;
      });
      held.release();
      (await quota.admit(account, 60)).commit();
      await quota.stop();
      assert.deepEqual(await usage.dayTotals(account.accountId, DAY), { day: DAY, acceptedBytes: BYTES_PER_GB - 40, refusedBytes: 60 });

      // A restart seeds today's total from the table, so the cap still holds.
      const again = createDailyQuota({ usage, clock, logger, flushIntervalMs: 60_000 });
      await assert.rejects(again.admit(account, 41), (error: unknown) => isAppError(error) && error.code === 'resource_exhausted');
      (await again.admit(account, 40)).commit();
      // A new UTC day starts from zero.
      clock.advance(MS_PER_DAY);
      (await again.admit(account, 1000)).commit();
      await again.stop();
      assert.deepEqual(await usage.usageFor(account.accountId, 2), [
        { date: DAY, bytes: BYTES_PER_GB },
        { date: DAY + MS_PER_DAY, bytes: 1000 },
      ]);
    });

    it('accepts nothing at a cap of 0', async () => {
      const clock = createManualClock(DAY);
      const quota = createDailyQuota({ usage: createUsageService({ db: opened.controlPlane.db, clock }), clock, logger });
      await assert.rejects(
        quota.admit({ ...account, maxDailyGB: 0 }, 1),
        (error: unknown) => isAppError(error) && error.code === 'resource_exhausted',
      );
      await quota.stop();
    });

    it('shares the cap between ingest processes: together they accept at most the cap, and leave at most a chunk each unused', async () => {
      const clock = createManualClock(DAY + 2 * MS_PER_DAY);
      const small: IngestAccount = { ...account, maxDailyGB: 0.0001 };
      const cap = Math.floor(0.0001 * BYTES_PER_GB);
      const usage = createUsageService({ db: opened.controlPlane.db, clock });
      // Two processes, each with its own connection to the control plane.
      const processes = [0, 1].map(() => createDailyQuota({ usage, clock, logger, flushIntervalMs: 60_000 }));
      const accepted = [0, 0];
      const sizes = [1000, 1700, 2300];
      await Promise.all(
        processes.map(async (quota, index) => {
          for (let i = 0; i < 400; i += 1) {
            const bytes = sizes[(i + index) % sizes.length] ?? 1000;
            try {
              (await quota.admit(small, bytes)).commit();
              accepted[index] = (accepted[index] ?? 0) + bytes;
            } catch (error) {
              assert.ok(isAppError(error) && error.code === 'resource_exhausted', String(error));
            }
          }
        }),
      );
      const total = (accepted[0] ?? 0) + (accepted[1] ?? 0);
      assert.ok(accepted[0] !== 0 && accepted[1] !== 0, 'both processes accepted logs');
      assert.ok(total <= cap, `accepted ${total} > cap ${cap}`);
      // What one process was granted and left unused is refused to the other until it stops: at most a chunk and a request.
      assert.ok(total >= cap - 2 * (grantChunkBytes(cap) + 2300), `accepted ${total}, cap ${cap}`);
      for (const quota of processes) await quota.stop();
      const day = DAY + 2 * MS_PER_DAY;
      assert.equal((await usage.dayTotals(small.accountId, day)).acceptedBytes, total);
      // Stopped processes gave back what they did not use: a new one may take the rest of the cap.
      assert.equal(await usage.grantedBytes(small.accountId, day), total);
      const third = createDailyQuota({ usage, clock, logger, flushIntervalMs: 60_000 });
      const rest = cap - total;
      if (rest > 0) (await third.admit(small, rest)).commit();
      await assert.rejects(third.admit(small, 1), (error: unknown) => isAppError(error) && error.code === 'resource_exhausted');
      await third.stop();
    });
  });
}
