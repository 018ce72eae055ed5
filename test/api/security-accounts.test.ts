import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount } from '../support/control-plane-client.js';
import { createSecurityAccount } from '../support/security-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SIEM = '/v2/account-management/siem';

for (const backend of controlPlaneBackends) {
  describe(`security accounts (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
    });
    after(async () => t.close());

    it('creates a security account with the main token: its own type, its own API tokens, the main account scanned', async () => {
      const sub = await createSubAccount(t);
      const response = await call(t, 'POST', SIEM, t.apiToken, {
        accountName: 'SOC',
        email: t.config.bootstrapAdminEmail,
        accountsToScan: [sub.accountId],
        isUsingRepositoryAccount: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json<{
        accountId: number;
        accountName: string;
        accountsToScan: number[];
        createdAt: string;
        isUsingRepositoryAccount: boolean;
      }>();
      assert.equal(body.accountName, 'SOC');
      assert.deepEqual(body.accountsToScan, [t.mainAccountId, sub.accountId]);
      assert.equal(body.isUsingRepositoryAccount, true);
      assert.match(body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      const token = await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { name: 'soc', accountId: body.accountId });
      assert.equal(token.statusCode, 200, token.body);
      const securityToken = token.json<{ token: string }>().token;
      const whoami = await call(t, 'GET', '/v2/whoami', securityToken);
      assert.deepEqual(whoami.json(), { accountName: 'SOC', accountId: body.accountId });

      // Not a sub account: the sub-account list and the main account's searches leave it out.
      const subs = (await call(t, 'GET', '/v1/account-management/time-based-accounts', t.apiToken)).json<{ accountId: number }[]>();
      assert.ok(!subs.some((account) => account.accountId === body.accountId));
    });

    it('answers 403 Insufficient privileges to the wrong account type, both ways', async () => {
      const security = await createSecurityAccount(t);
      for (const [method, url, payload] of [
        ['POST', '/v1/search', { query: { match_all: {} } }],
        ['GET', '/v2/alerts', undefined],
        ['POST', '/v1/alerts/triggered-alerts', {}],
        ['GET', '/v1/account-management/time-based-accounts', undefined],
        ['POST', SIEM, { accountName: 'x', email: t.config.bootstrapAdminEmail }],
      ] as const) {
        const response = await call(t, method, url, security.apiToken, payload);
        assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
        assert.match(response.body, /Insufficient privileges/);
      }
      for (const [method, url, payload] of [
        ['POST', '/v2/security/rules/search', {}],
        ['POST', '/v2/security/rules/events/search', {}],
        ['POST', '/v2/security/rules/events/logs/search', { filter: { alertEventId: '00000000-0000-0000-0000-000000000000' } }],
        ['GET', '/v2/security/mitre-coverage', undefined],
      ] as const) {
        const response = await call(t, method, url, t.apiToken, payload);
        assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
        assert.match(response.body, /Insufficient privileges/);
      }
      // Both account types read their identity and notification endpoints.
      assert.equal((await call(t, 'GET', '/v2/whoami', security.apiToken)).statusCode, 200);
      assert.equal((await call(t, 'GET', '/v1/endpoints', security.apiToken)).statusCode, 200);
    });

    it('refuses a sub account token, an unknown account to scan (naming it) and a non-admin e-mail; nothing is stored', async () => {
      const sub = await createSubAccount(t);
      const bySub = await call(t, 'POST', SIEM, sub.apiToken, { accountName: 'x', email: t.config.bootstrapAdminEmail });
      assert.equal(bySub.statusCode, 403);
      const before = (await call(t, 'GET', '/v1/account-management/time-based-accounts', t.apiToken)).body;
      const unknown = await call(t, 'POST', SIEM, t.apiToken, {
        accountName: 'x',
        email: t.config.bootstrapAdminEmail,
        accountsToScan: [424242],
      });
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json<{ message: string }>().message, /424242/);
      const notAdmin = await call(t, 'POST', SIEM, t.apiToken, { accountName: 'x', email: 'nobody@example.com' });
      assert.equal(notAdmin.statusCode, 400);
      assert.match(notAdmin.json<{ message: string }>().message, /body\.email/);
      const missing = await call(t, 'POST', SIEM, t.apiToken, { email: t.config.bootstrapAdminEmail });
      assert.equal(missing.statusCode, 400);
      assert.match(missing.body, /accountName/);
      assert.equal((await call(t, 'GET', '/v1/account-management/time-based-accounts', t.apiToken)).body, before);
    });
  });
}
