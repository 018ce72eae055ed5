import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import { createAuthGroupService } from './auth-group-service.js';

const START = Date.UTC(2026, 0, 5);

for (const backend of controlPlaneBackends) {
  describe(`authentication groups end user sessions (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    const principal: Principal = {
      kind: 'api-token',
      accountId: 1001,
      accountName: 'main',
      region: 'us',
      ownerAccountId: null,
      accountType: 'OWNER_ACCOUNT',
      tokenId: 1,
      retentionDays: 30,
    };
    before(async () => {
      opened = await backend.open();
      await opened.controlPlane.db
        .insertInto('accounts')
        .values({
          id: 1001,
          name: 'main',
          region: 'us',
          owner_account_id: null,
          account_type: 'OWNER_ACCOUNT',
          email: null,
          retention_days: 1,
          max_daily_gb: 1,
          reserved_daily_gb: null,
          is_flexible: 0,
          searchable: 0,
          accessible: 0,
          doc_size_setting: 0,
          active: 1,
          settings: '{}',
          created_at: START,
          updated_at: START,
          last_updater_user_id: null,
        })
        .execute();
    });
    after(async () => opened.dispose());

    it('invalidates sessions started before the last update and keeps later ones', async () => {
      const clock = createManualClock(START);
      const groups = createAuthGroupService({ db: opened.controlPlane.db, clock });
      assert.equal(await groups.isSessionValid(1001, START - 1), true, 'no update yet: every session stands');
      clock.set(START + 10_000);
      await groups.replace(principal, [{ group: 'ops', userRole: 'USER_ROLE_READONLY' }]);
      assert.equal(await groups.isSessionValid(1001, START + 5_000), false);
      assert.equal(await groups.isSessionValid(1001, START + 10_000), false);
      assert.equal(await groups.isSessionValid(1001, START + 10_001), true);
      clock.set(START + 20_000);
      await groups.replace(principal, []);
      assert.equal(await groups.isSessionValid(1001, START + 10_001), false, 'any update, even clearing, ends sessions again');
    });
  });
}
