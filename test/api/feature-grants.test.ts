/**
 * Insights and shared tokens are granted per account by the operator (SPEC.md Authentication point 5): without the
 * grant every call answers 403 with the exact text; the CLI grants and revokes while the server runs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FEATURE_NOT_GRANTED_MESSAGE } from '../../src/modules/feature-grants/index.js';
import { runCli } from '../support/child-process.js';
import { controlPlaneBackends, sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const FEATURE_CALLS: readonly { method: Method; url: string; payload?: object; feature: 'insights' | 'shared-tokens' }[] = [
  { method: 'POST', url: '/v1/insights/list', payload: {}, feature: 'insights' },
  { method: 'GET', url: '/v1/shared-tokens', feature: 'shared-tokens' },
  { method: 'POST', url: '/v1/shared-tokens', payload: { tokenName: 'x' }, feature: 'shared-tokens' },
  { method: 'GET', url: '/v1/shared-tokens/123456', feature: 'shared-tokens' },
  { method: 'PUT', url: '/v1/shared-tokens/123456', payload: { filters: [] }, feature: 'shared-tokens' },
  { method: 'DELETE', url: '/v1/shared-tokens/123456', feature: 'shared-tokens' },
  { method: 'GET', url: '/v1/shared-tokens/filters', feature: 'shared-tokens' },
  { method: 'POST', url: '/v1/shared-tokens/filters', payload: { field: 'a', value: 'b' }, feature: 'shared-tokens' },
  { method: 'GET', url: '/v1/shared-tokens/filters/123456', feature: 'shared-tokens' },
  { method: 'DELETE', url: '/v1/shared-tokens/filters/123456', feature: 'shared-tokens' },
];

for (const backend of controlPlaneBackends) {
  describe(`operator-granted features (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_ROLES: 'api' } });
    });
    after(async () => t.close());
    const call = (c: (typeof FEATURE_CALLS)[number], token = t.apiToken) =>
      t.api.inject({ method: c.method, url: c.url, headers: { 'x-api-token': token }, ...(c.payload ? { payload: c.payload } : {}) });

    it('answers 403 with the exact text on every insights and shared-token call without the grant, even a malformed one', async () => {
      for (const c of [
        ...FEATURE_CALLS,
        { method: 'POST' as const, url: '/v1/insights/list', payload: { size: 0 }, feature: 'insights' as const },
      ]) {
        const response = await call(c);
        assert.equal(response.statusCode, 403, `${c.method} ${c.url}`);
        assert.equal(response.json<{ message: string }>().message, FEATURE_NOT_GRANTED_MESSAGE);
      }
    });

    it('opens only the granted feature, and closes it again on revoke', async () => {
      await t.app.featureGrants.grant(t.mainAccountId, 'insights');
      assert.equal((await call(FEATURE_CALLS[0]!)).statusCode, 200);
      assert.equal((await call(FEATURE_CALLS[1]!)).statusCode, 403);
      await t.app.featureGrants.grant(t.mainAccountId, 'shared-tokens');
      assert.equal((await call(FEATURE_CALLS[1]!)).statusCode, 200);
      await t.app.featureGrants.revoke(t.mainAccountId, 'insights');
      assert.equal((await call(FEATURE_CALLS[0]!)).statusCode, 403);
      assert.deepEqual(await t.app.featureGrants.featuresOf(t.mainAccountId), ['shared-tokens']);
      await t.app.featureGrants.revoke(t.mainAccountId, 'shared-tokens');
    });

    it('still answers a bad token with the plain 403 before any grant check', async () => {
      const response = await call(FEATURE_CALLS[0]!, 'not-a-token');
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { code: 403, message: 'Insufficient privileges' });
    });
  });
}

describe('the CLI grants and revokes while the server runs', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_ROLES: 'api' } });
  });
  after(async () => t.close());
  const list = () => t.api.inject({ method: 'POST', url: '/v1/insights/list', headers: { 'x-api-token': t.apiToken }, payload: {} });

  it('grant takes effect on the next request; revoke too; bad input exits 2', async () => {
    const env = { LOGWARD_DATA_DIR: t.dataDir, LOGWARD_CONTROL_PLANE_URL: t.config.controlPlaneUrl };
    assert.equal((await list()).statusCode, 403);
    const granted = runCli(['accounts', 'grant', String(t.mainAccountId), 'insights'], env);
    assert.equal(granted.status, 0, granted.stderr);
    assert.match(granted.stdout, /insights granted to account/);
    assert.equal((await list()).statusCode, 200);
    assert.match(runCli(['accounts', 'grants', String(t.mainAccountId)], env).stdout, /^insights$/m);
    assert.equal(runCli(['accounts', 'revoke', String(t.mainAccountId), 'insights'], env).status, 0);
    assert.equal((await list()).statusCode, 403);
    const bad = runCli(['accounts', 'grant', String(t.mainAccountId), 'everything'], env);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /insights, shared-tokens/);
    assert.equal(runCli(['accounts', 'grant', '999', 'insights'], env).status, 2);
  });
});
