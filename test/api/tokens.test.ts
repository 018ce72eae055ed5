import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTokenService } from '../../src/modules/tokens/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount, type CreatedSubAccount } from '../support/control-plane-client.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = 'admin@example.com';
const TOKENS = '/v1/log-shipping/tokens';
const START = Date.UTC(2026, 0, 5, 10, 0, 0, 250);

interface ShippingTokenBody {
  name: string;
  id: number;
  token: string;
  updatedAt: number;
  updatedBy: string | null;
  createdAt: number;
  createdBy: string | null;
  enabled: boolean;
}

for (const backend of controlPlaneBackends) {
  describe(`log shipping and API tokens over HTTP (${backend.name})`, () => {
    let t: TestApp;
    let sub: CreatedSubAccount;
    const clock = createManualClock(START);
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
      sub = await createSubAccount(t);
    });
    after(async () => t.close());

    it('walks create → read → search → update → delete → 404, and a deleted token stops working at once', async () => {
      const created = await call(t, 'POST', TOKENS, t.apiToken, { name: 'staging' });
      assert.equal(created.statusCode, 201, created.body);
      const token = created.json<ShippingTokenBody>();
      assert.deepEqual(
        { ...token, id: 0, token: '' },
        {
          name: 'staging',
          id: 0,
          token: '',
          updatedAt: START / 1000,
          updatedBy: ADMIN,
          createdAt: START / 1000,
          createdBy: ADMIN,
          enabled: true,
        },
      );

      assert.deepEqual((await call(t, 'GET', `${TOKENS}/${token.id}`, t.apiToken)).json(), token);

      clock.advance(1500);
      const updated = await call(t, 'PUT', `${TOKENS}/${token.id}`, t.apiToken, { name: 'staging-eu', enabled: 'false' });
      assert.equal(updated.statusCode, 200);
      assert.deepEqual(updated.json(), { ...token, name: 'staging-eu', enabled: false, updatedAt: (START + 1500) / 1000 });
      assert.deepEqual((await call(t, 'GET', `${TOKENS}/${token.id}`, t.apiToken)).json<ShippingTokenBody>().enabled, false);

      const disabled = await call(t, 'POST', `${TOKENS}/search`, t.apiToken, { filter: { enabled: 'false' } });
      assert.deepEqual(disabled.json(), {
        total: 1,
        results: [{ ...token, name: 'staging-eu', enabled: false, updatedAt: (START + 1500) / 1000 }],
        pagination: { pageNumber: 1, pageSize: 25 },
      });

      const services = createTokenService({ db: t.app.controlPlane.db, clock });
      assert.equal(await services.resolveShippingToken(token.token), undefined, 'a disabled token ships nothing');
      await call(t, 'PUT', `${TOKENS}/${token.id}`, t.apiToken, { enabled: true });
      assert.equal((await services.resolveShippingToken(token.token))?.id, token.id);

      const deleted = await call(t, 'DELETE', `${TOKENS}/${token.id}`, t.apiToken);
      assert.equal(deleted.statusCode, 200);
      assert.equal(deleted.json<ShippingTokenBody>().id, token.id);
      assert.equal(await services.resolveShippingToken(token.token), undefined, 'revoked at once');
      for (const [method, url] of [
        ['GET', `${TOKENS}/${token.id}`],
        ['PUT', `${TOKENS}/${token.id}`],
        ['DELETE', `${TOKENS}/${token.id}`],
      ] as const) {
        const response = await call(t, method, url, t.apiToken, method === 'PUT' ? { name: 'x' } : undefined);
        assert.equal(response.statusCode, 404, `${method} ${url}`);
      }
    });

    it('searches with sort and pagination, counting every match in total', async () => {
      for (const name of ['b-token', 'a-token', 'c-token']) {
        clock.advance(1000);
        assert.equal((await call(t, 'POST', `${TOKENS}`, sub.apiToken, { name })).statusCode, 201);
      }
      const page = await call(t, 'POST', `${TOKENS}/search`, sub.apiToken, {
        sort: [{ field: 'name', descending: 'true' }],
        pagination: { pageNumber: 2, pageSize: 2 },
      });
      assert.equal(page.statusCode, 200);
      const body = page.json<{ total: number; results: ShippingTokenBody[]; pagination: unknown }>();
      assert.equal(body.total, 4, 'the default token and three new ones');
      assert.deepEqual(
        body.results.map((r) => r.name),
        ['b-token', 'a-token'],
      );
      assert.deepEqual(body.pagination, { pageNumber: 2, pageSize: 2 });
      const byDate = (await call(t, 'POST', `${TOKENS}/search`, sub.apiToken, { sort: [{ field: 'createdAt', descending: false }] })).json<{
        results: ShippingTokenBody[];
      }>();
      assert.deepEqual(
        byDate.results.map((r) => r.name),
        ['default', 'b-token', 'a-token', 'c-token'],
      );
      const past = (await call(t, 'POST', `${TOKENS}/search`, sub.apiToken, { pagination: { pageNumber: 9, pageSize: 25 } })).json<{
        total: number;
        results: unknown[];
      }>();
      assert.deepEqual([past.total, past.results], [4, []]);
      assert.deepEqual((await call(t, 'GET', `${TOKENS}/limits`, sub.apiToken)).json(), { maxAllowedTokens: 50, numOfEnabledTokens: 4 });
    });

    it('keeps the last enabled token and keeps tokens to their own account', async () => {
      const mainTokens = (await call(t, 'POST', `${TOKENS}/search`, t.apiToken, { filter: { enabled: true } })).json<{
        results: ShippingTokenBody[];
      }>().results;
      assert.equal(mainTokens.length, 1);
      const last = mainTokens[0];
      assert.ok(last);
      assert.equal((await call(t, 'PUT', `${TOKENS}/${last.id}`, t.apiToken, { enabled: false })).statusCode, 400);
      assert.equal((await call(t, 'DELETE', `${TOKENS}/${last.id}`, t.apiToken)).statusCode, 400);
      assert.equal((await call(t, 'GET', `${TOKENS}/${last.id}`, t.apiToken)).json<ShippingTokenBody>().enabled, true);

      assert.equal((await call(t, 'GET', `${TOKENS}/${last.id}`, sub.apiToken)).statusCode, 404);
      assert.equal((await call(t, 'PUT', `${TOKENS}/${last.id}`, sub.apiToken, { name: 'stolen' })).statusCode, 404);
      assert.equal((await call(t, 'DELETE', `${TOKENS}/${last.id}`, sub.apiToken)).statusCode, 404);
      const subResults = (await call(t, 'POST', `${TOKENS}/search`, sub.apiToken, {})).json<{ results: ShippingTokenBody[] }>().results;
      assert.ok(subResults.every((r) => r.id !== last.id));
    });

    it('creates API tokens for sub accounts with a main-account token only', async () => {
      const created = await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { name: 'ci', accountId: sub.accountId });
      assert.equal(created.statusCode, 200);
      const body = created.json<{ id: number; name: string; token: string; createdAt: number }>();
      assert.equal(body.name, 'ci');
      assert.equal(body.createdAt, clock.now() / 1000);
      const whoami = await call(t, 'GET', '/v2/whoami', body.token);
      assert.equal(whoami.json<{ accountId: number }>().accountId, sub.accountId);

      const bySub = await call(t, 'POST', '/v1/api-tokens/sub-account', sub.apiToken, { name: 'x', accountId: sub.accountId });
      assert.equal(bySub.statusCode, 403);
      assert.equal((await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { name: 'x', accountId: 424242 })).statusCode, 404);
      const missing = await call(t, 'POST', '/v1/api-tokens/sub-account', t.apiToken, { accountId: sub.accountId });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json<{ parameters: { field: string } }>().parameters.field, 'body.name');
    });

    it('answers bad input with 400 naming the field', async () => {
      const cases: [string, string, unknown, string][] = [
        ['POST', TOKENS, {}, 'body.name'],
        ['POST', TOKENS, { name: '' }, 'body.name'],
        ['POST', TOKENS, { name: 'x', enabled: 'yes' }, 'body.enabled'],
        ['POST', `${TOKENS}/search`, { sort: [{ field: 'token' }] }, 'body.sort.0.field'],
        ['POST', `${TOKENS}/search`, { pagination: { pageNumber: 1, pageSize: 1001 } }, 'body.pagination.pageSize'],
        ['POST', `${TOKENS}/search`, { filter: {} }, 'body.filter.enabled'],
        ['GET', `${TOKENS}/abc`, undefined, 'params.id'],
        ['GET', `${TOKENS}/4294967296`, undefined, 'params.id'],
      ];
      for (const [method, url, payload, field] of cases) {
        const response = await call(t, method as 'GET' | 'POST', url, t.apiToken, payload);
        assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(payload)}: ${response.body}`);
        assert.equal(response.json<{ parameters: { field: string } }>().parameters.field, field);
      }
    });
  });
}
