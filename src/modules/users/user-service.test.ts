import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock } from '../../shared/clock.js';
import type { ApiTokenPrincipal } from '../../shared/principal.js';
import { createAccountService } from '../accounts/index.js';
import { endMembershipSessions } from '../sessions/index.js';
import { createTokenService } from '../tokens/index.js';
import { createUserService, type UserService } from './user-service.js';

const START = Date.UTC(2026, 0, 5);

for (const backend of controlPlaneBackends) {
  describe(`user service (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    let users: UserService;
    let main: ApiTokenPrincipal;
    let sub: ApiTokenPrincipal;
    let subId: number;

    before(async () => {
      opened = await backend.open();
      const db = opened.controlPlane.db;
      const clock = createManualClock(START);
      const tokens = createTokenService({ db, clock });
      const accounts = createAccountService({ db, clock, tokens, dailyUsage: async () => [], onAccountDeleted: [] });
      const boot = await accounts.bootstrap({
        region: 'us',
        adminEmail: 'admin@example.com',
        apiToken: undefined,
        shippingToken: undefined,
      });
      assert.ok(boot.created);
      const principalOf = async (token: string): Promise<ApiTokenPrincipal> => {
        const owner = await tokens.authenticateApiToken(token);
        assert.ok(owner);
        return {
          kind: 'api-token',
          accountId: owner.accountId,
          accountName: owner.accountName,
          region: owner.region,
          ownerAccountId: owner.ownerAccountId,
          accountType: owner.accountType,
          tokenId: owner.tokenId,
          retentionDays: owner.accountRetentionDays,
        };
      };
      main = await principalOf(boot.apiToken);
      subId = (
        await accounts.createSubAccount(main, {
          email: 'admin@example.com',
          accountName: 'sub',
          retentionDays: 3,
          sharingObjectsAccounts: [],
        })
      ).accountId;
      sub = await principalOf((await tokens.createApiToken({ accountId: subId, name: 'sub', createdBy: null })).token);
      users = createUserService({ db, clock, scope: accounts.scope, endSessions: endMembershipSessions });
    });
    after(async () => opened.dispose());

    it('adds a person once and lets the same username join another account with the same id', async () => {
      const { id } = await users.create(main, { username: 'ann@example.com', fullName: 'Ann', accountID: main.accountId });
      const again = await users.create(main, {
        username: 'ann@example.com',
        fullName: 'Ann B',
        accountID: subId,
        role: 'USER_ROLE_READONLY',
      });
      assert.equal(again.id, id);
      await assert.rejects(users.create(main, { username: 'ann@example.com', fullName: 'Ann', accountID: subId }), {
        code: 'already_exists',
        wireCode: 'user-management/USER_ALREADY_EXIST',
      });
      const inSub = await users.get(main, id, subId);
      assert.deepEqual(inSub, {
        id,
        username: 'ann@example.com',
        fullName: 'Ann B',
        accountId: subId,
        role: 'USER_ROLE_READONLY',
        active: true,
      });
      assert.equal((await users.listRecursive(main)).filter((u) => u.id === id).length, 2);
    });

    it('finds a user of a sub account through a main-account token without naming the account, never through a sub token', async () => {
      const { id } = await users.create(main, { username: 'bob@example.com', fullName: 'Bob', accountID: subId });
      assert.equal((await users.get(main, id, undefined)).accountId, subId);
      assert.equal((await users.get(sub, id, undefined)).accountId, subId);
      await assert.rejects(users.get(sub, id, main.accountId), { code: 'permission_denied' });
      await assert.rejects(users.get(main, 999_999, undefined), { code: 'not_found', wireCode: 'user-management/USER_NOT_FOUND' });
    });

    it('never changes a username, and keeps the role when an update names none', async () => {
      const { id } = await users.create(main, {
        username: 'cy@example.com',
        fullName: 'Cy',
        accountID: main.accountId,
        role: 'USER_ROLE_ACCOUNT_ADMIN',
      });
      await assert.rejects(users.update(main, id, { username: 'other@example.com', fullName: 'Cy', accountID: main.accountId }), {
        code: 'invalid_argument',
      });
      await users.update(main, id, { username: 'cy@example.com', fullName: 'Cy Young', accountID: main.accountId });
      const updated = await users.get(main, id, main.accountId);
      assert.equal(updated.fullName, 'Cy Young');
      assert.equal(updated.role, 'USER_ROLE_ACCOUNT_ADMIN');
    });

    it('suspends everywhere but the account where the user is the last active member', async () => {
      const { id } = await users.create(main, { username: 'dee@example.com', fullName: 'Dee', accountID: main.accountId });
      await users.create(main, { username: 'dee@example.com', fullName: 'Dee', accountID: subId });
      for (const other of (await users.list(main, subId)).filter((u) => u.id !== id)) await users.suspend(main, other.id, subId);
      const { message } = await users.suspendRecursive(main, id);
      assert.match(message, new RegExp(`Skipped accounts where user ${id} is the last user: ${subId}\\.`));
      assert.equal((await users.get(main, id, main.accountId)).active, false);
      assert.equal((await users.get(main, id, subId)).active, true);
      await users.unsuspendRecursive(main, id);
      assert.equal((await users.get(main, id, main.accountId)).active, true);
    });

    it('removes a membership and forgets a person left without any', async () => {
      const { id } = await users.create(main, { username: 'eve@example.com', fullName: 'Eve', accountID: subId });
      await users.remove(main, id, subId);
      await assert.rejects(users.get(main, id, undefined), { code: 'not_found' });
      const rejoined = await users.create(main, { username: 'eve@example.com', fullName: 'Eve', accountID: subId });
      assert.notEqual(rejoined.id, id, 'a new person: the old one was deleted with its last membership');
    });
  });
}
