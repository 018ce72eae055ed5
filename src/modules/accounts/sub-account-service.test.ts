import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import { createTokenService } from '../tokens/index.js';
import { createAccountService, type AccountService } from './account-service.js';

const START = Date.UTC(2026, 0, 5);
const DAY = 86_400_000;

for (const backend of controlPlaneBackends) {
  describe(`account service dependencies: daily usage and deletion hooks (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    let accounts: AccountService;
    let principal: Principal;
    const deletedSeen: { id: number; stillStored: boolean }[] = [];

    before(async () => {
      opened = await backend.open();
      const db = opened.controlPlane.db;
      const clock = createManualClock(START);
      const tokens = createTokenService({ db, clock });
      accounts = createAccountService({
        db,
        clock,
        tokens,
        dailyUsage: async (accountId) => [
          { date: START - DAY, bytes: accountId % 1000 },
          { date: START, bytes: 42 },
        ],
        onAccountDeleted: [
          async (id) => {
            deletedSeen.push({
              id,
              stillStored: (await db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
            });
          },
        ],
      });
      const boot = await accounts.bootstrap({
        region: 'us',
        adminEmail: 'admin@example.com',
        apiToken: undefined,
        shippingToken: undefined,
      });
      assert.ok(boot.created);
      const owner = await tokens.authenticateApiToken(boot.apiToken);
      assert.ok(owner);
      principal = {
        kind: 'api-token',
        accountId: owner.accountId,
        accountName: owner.accountName,
        region: owner.region,
        ownerAccountId: null,
        accountType: owner.accountType,
        tokenId: owner.tokenId,
        retentionDays: owner.accountRetentionDays,
      };
    });
    after(async () => opened.dispose());

    it('reports the injected daily usage in the detailed view, per account, in order', async () => {
      const { accountId } = await accounts.createSubAccount(principal, {
        email: 'admin@example.com',
        accountName: 'usage',
        retentionDays: 2,
        sharingObjectsAccounts: [],
      });
      const detailed = await accounts.getDetailed(principal, accountId);
      assert.deepEqual(detailed.dailyUsage, [
        { date: START - DAY, bytes: accountId % 1000 },
        { date: START, bytes: 42 },
      ]);
    });

    it('runs the deletion hooks once the account is gone from the store, and not for a refused delete', async () => {
      const { accountId } = await accounts.createSubAccount(principal, {
        email: 'admin@example.com',
        accountName: 'doomed',
        retentionDays: 2,
        sharingObjectsAccounts: [],
      });
      await accounts.deleteSubAccount(principal, accountId);
      assert.deepEqual(deletedSeen, [{ id: accountId, stillStored: false }]);
      await assert.rejects(accounts.deleteSubAccount(principal, accountId), { code: 'not_found' });
      await assert.rejects(accounts.deleteSubAccount(principal, principal.accountId), { code: 'invalid_argument' });
      assert.equal(deletedSeen.length, 1);
    });
  });
}
