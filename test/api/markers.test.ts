import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

for (const backend of controlPlaneBackends) {
  describe(`deployment markers (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_ROLES: 'api' } });
    });
    after(async () => t.close());
    const post = (url: string, payload: unknown) =>
      t.api.inject({ method: 'POST', url, headers: { 'x-api-token': t.apiToken }, payload: payload as object });

    it('stores markers as searchable logs of the account and answers 204', async () => {
      const timestamp = Date.now() - 60_000;
      const response = await post('/v2/markers/create-markers', {
        markers: [
          {
            title: 'Deployed v2.3.1',
            description: 'api rollout',
            tag: 'DEPLOYMENT',
            timestamp,
            metadata: { service: 'api', version: '2.3.1' },
          },
          { title: 'Config change', description: 'feature flag' },
        ],
      });
      assert.equal(response.statusCode, 204, response.body);
      assert.equal(response.body, '');
      const search = await post('/v1/search', {
        query: { query_string: { query: 'type:deployment-marker' } },
        size: 10,
        sort: [{ '@timestamp': 'asc' }],
      });
      assert.equal(search.statusCode, 200, search.body);
      const hits = search.json<{ hits: { total: number; hits: { _source: Record<string, unknown> }[] } }>().hits;
      assert.equal(hits.total, 2);
      const first = hits.hits[0]?._source;
      assert.equal(first?.title, 'Deployed v2.3.1');
      assert.equal(first?.tag, 'DEPLOYMENT');
      assert.deepEqual(first?.metadata, { service: 'api', version: '2.3.1' });
      assert.equal(first?.['@timestamp'], new Date(timestamp).toISOString());
      assert.equal(hits.hits[1]?._source.tag, 'OTHER');
    });

    it('refuses a marker without a title or description with a 400 naming the field', async () => {
      const response = await post('/v2/markers/create-markers', { markers: [{ description: 'x' }] });
      assert.equal(response.statusCode, 400);
      assert.match(response.json<{ message: string }>().message, /title/);
      assert.equal((await post('/v2/markers/create-markers', { markers: [] })).statusCode, 400);
    });

    // Found by the long fuzz run (issue 15): both answered 503 LOG_STORE/UNAVAILABLE, the store refusing the row.
    it('refuses a timestamp the store cannot hold with a 400 naming it, and stores a lone surrogate as text', async () => {
      const far = await post('/v2/markers/create-markers', { markers: [{ title: 't', description: 'd', timestamp: 1e308 }] });
      assert.equal(far.statusCode, 400, far.body);
      assert.match(far.json<{ message: string }>().message, /timestamp/);
      const lone = await post('/v2/markers/create-markers', {
        markers: [{ title: '\ud800 lone surrogate', description: 'surrogate marker', metadata: { k: 'x\udc00y' } }],
      });
      assert.equal(lone.statusCode, 204, lone.body);
      const search = await post('/v1/search', { query: { query_string: { query: 'description:"surrogate marker"' } }, size: 1 });
      assert.equal(search.statusCode, 200, search.body);
      assert.equal(search.json<{ hits: { total: number } }>().hits.total, 1);
    });
  });
}
