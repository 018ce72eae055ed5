import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

for (const backend of controlPlaneBackends) {
  describe(`whoami and the HTTP edge (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend });
    });
    after(async () => t.close());

    it('answers the main account for the bootstrap token', async () => {
      const response = await t.api.inject({ method: 'GET', url: '/v2/whoami', headers: { 'x-api-token': t.apiToken } });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { accountName: 'main', accountId: t.mainAccountId });
      assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    });

    it('answers 403 with the Logz.io body to a missing or wrong token', async () => {
      for (const headers of [{}, { 'x-api-token': 'wrong' }]) {
        const response = await t.api.inject({ method: 'GET', url: '/v2/whoami', headers });
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json(), { code: 403, message: 'Insufficient privileges' });
      }
    });

    it('tolerates the double slash the Terraform client sends', async () => {
      const response = await t.api.inject({ method: 'GET', url: '//v2/whoami', headers: { 'x-api-token': t.apiToken } });
      assert.equal(response.statusCode, 200);
    });

    it('answers unknown endpoints with a 404 JSON body', async () => {
      const response = await t.api.inject({ method: 'GET', url: '/v1/no-such-thing', headers: { 'x-api-token': t.apiToken } });
      assert.equal(response.statusCode, 404);
      const body = response.json<{ errorCode: string; requestId: string; parameters: object }>();
      assert.equal(body.errorCode, 'GENERAL/UNKNOWN_ENDPOINT');
      assert.equal(typeof body.requestId, 'string');
      assert.deepEqual(body.parameters, {});
    });

    it('compresses responses when the client asks for gzip', async () => {
      const response = await t.api.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], 'gzip');
    });

    it('serves health, readiness and Prometheus metrics without a token', async () => {
      assert.equal((await t.api.inject({ method: 'GET', url: '/health' })).statusCode, 200);
      const ready = await t.api.inject({ method: 'GET', url: '/ready' });
      assert.equal(ready.statusCode, 200);
      assert.equal(ready.json<{ checks: Record<string, string> }>().checks['control-plane'], 'ok');
      await t.api.inject({ method: 'GET', url: '/v2/whoami', headers: { 'x-api-token': t.apiToken } });
      const metrics = await t.api.inject({ method: 'GET', url: '/metrics' });
      assert.match(metrics.body, /logward_http_requests_total\{server="api",method="GET",route="\/v2\/whoami",status_code="200"\}/);
      assert.match(metrics.body, /logward_http_request_duration_seconds_bucket/);
    });

    it('refuses a token whose account lives in another region', async () => {
      await t.app.controlPlane.db.updateTable('accounts').set({ region: 'eu' }).where('id', '=', t.mainAccountId).execute();
      try {
        const response = await t.api.inject({ method: 'GET', url: '/v2/whoami', headers: { 'x-api-token': t.apiToken } });
        assert.equal(response.statusCode, 403);
        assert.equal(response.json<{ message: string }>().message, 'Account region eu differs from current server region us');
      } finally {
        await t.app.controlPlane.db.updateTable('accounts').set({ region: 'us' }).where('id', '=', t.mainAccountId).execute();
      }
    });
  });
}
