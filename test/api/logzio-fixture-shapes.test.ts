import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { SUB_ACCOUNTS, call, createSubAccount, type CreatedSubAccount } from '../support/control-plane-client.js';
import { shapeMismatches } from '../support/json-shape.js';
import { readLogzioFixture } from '../support/logzio-fixtures.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = 'admin@example.com';

/**
 * Every JSON fixture of the areas this server answers (sub_accounts, users, authentication_groups,
 * log_shipping_tokens) against the live response of the same call: same keys, same JSON types.
 */
for (const backend of controlPlaneBackends) {
  describe(`responses match the Terraform client's fixtures (${backend.name})`, () => {
    let t: TestApp;
    let sub: CreatedSubAccount;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
      sub = await createSubAccount(t, {
        searchable: true,
        docSizeSetting: true,
        maxDailyGB: 1,
        utilizationSettings: { frequencyMinutes: 5, utilizationEnabled: true },
      });
    });
    after(async () => t.close());

    const expectShape = async (
      area: string,
      fixture: string,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: unknown,
      status = 200,
    ) => {
      const response = await call(t, method, url, t.apiToken, payload);
      assert.equal(response.statusCode, status, `${method} ${url}: ${response.body}`);
      assert.deepEqual(shapeMismatches(response.json(), readLogzioFixture(area, fixture)), [], `${area}/${fixture}`);
    };

    it('sub_accounts', async () => {
      const body = { email: ADMIN, accountName: 'shape', retentionDays: 5, sharingObjectsAccounts: [sub.accountId] };
      await expectShape('sub_accounts', 'create_subaccount.json', 'POST', SUB_ACCOUNTS, body);
      await expectShape('sub_accounts', 'get_subaccount.json', 'GET', `${SUB_ACCOUNTS}/${sub.accountId}`);
      await expectShape('sub_accounts', 'list_subaccounts.json', 'GET', SUB_ACCOUNTS);
      await expectShape('sub_accounts', 'get_detailed_subaccount.json', 'GET', `${SUB_ACCOUNTS}/detailed/${sub.accountId}`);
      await expectShape('sub_accounts', 'list_subaccounts_detailed.json', 'GET', `${SUB_ACCOUNTS}/detailed`);
    });

    it('users', async () => {
      const user = {
        username: 'test_create_user@test.co',
        fullName: 'test create user',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_READONLY',
      };
      const created = await call(t, 'POST', '/v1/user-management', t.apiToken, user);
      assert.deepEqual(shapeMismatches(created.json(), readLogzioFixture('users', 'create_user.json')), []);
      const id = created.json<{ id: number }>().id;
      await expectShape('users', 'create_duplicate_user.json', 'POST', '/v1/user-management', user, 400);
      await expectShape('users', 'update_user.json', 'PUT', `/v1/user-management/${id}`, { ...user, role: 'USER_ROLE_REGULAR' });
      await expectShape('users', 'get_user.json', 'GET', `/v1/user-management/${id}`);
      await expectShape('users', 'list_users.json', 'GET', '/v1/user-management');
    });

    it('authentication_groups', async () => {
      const groups = readLogzioFixture('authentication_groups', 'authentication_groups.json');
      await expectShape('authentication_groups', 'authentication_groups.json', 'POST', '/v1/authentication/groups', groups);
      await expectShape('authentication_groups', 'authentication_groups.json', 'GET', '/v1/authentication/groups');
    });

    it('log_shipping_tokens', async () => {
      const created = await call(t, 'POST', '/v1/log-shipping/tokens', t.apiToken, { name: 'client_integration_test' });
      assert.equal(created.statusCode, 201);
      assert.deepEqual(shapeMismatches(created.json(), readLogzioFixture('log_shipping_tokens', 'create_log_shipping_token.json')), []);
      const id = created.json<{ id: number }>().id;
      await expectShape('log_shipping_tokens', 'get_log_shipping_token.json', 'GET', `/v1/log-shipping/tokens/${id}`);
      await expectShape('log_shipping_tokens', 'update_log_shipping_token.json', 'PUT', `/v1/log-shipping/tokens/${id}`, {
        name: 'after_update',
        enabled: 'true',
      });
      await expectShape('log_shipping_tokens', 'retrieve_log_shipping_tokens.json', 'POST', '/v1/log-shipping/tokens/search', {
        filter: { enabled: 'true' },
        sort: [{ field: 'createdAt', descending: 'true' }],
        pagination: { pageNumber: 1, pageSize: 25 },
      });
      await expectShape('log_shipping_tokens', 'get_limits_log_shipping_token.json', 'GET', '/v1/log-shipping/tokens/limits');
    });
  });
}
