/** The route plan (decision 0300): where the ES-compatible API, the reference page and the web UI's paths live. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
describe('route plan', () => {
  let t: TestApp;
  const get = async (url: string) => t.api.inject({ method: 'GET', url, headers: { 'x-api-token': t.apiToken } });

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend });
    const { listenerUrl } = await t.listen();
    // The README's first log lines.
    await shipLogs(listenerUrl, t.shippingToken, 'myapp', [
      { message: 'hello', level: 'info' },
      { message: 'second', user: { id: 42 } },
    ]);
  });
  after(async () => t.close());

  it('serves the whole Elasticsearch-compatible API under /v1/elasticsearch', async () => {
    const info = await get('/v1/elasticsearch/');
    assert.equal(info.statusCode, 200);
    assert.equal(info.json<{ tagline: string }>().tagline, 'You Know, for Search');
    assert.equal(info.headers['x-elastic-product'], 'Elasticsearch');
    const counted = await get('/v1/elasticsearch/myapp/_count?q=level:info');
    assert.equal(counted.json<{ count: number }>().count, 1);
    for (const url of [
      '/v1/elasticsearch/_cluster/health',
      '/v1/elasticsearch/_cat/indices?format=json',
      '/v1/elasticsearch/_stats',
      '/v1/elasticsearch/_search',
    ]) {
      assert.equal((await get(url)).statusCode, 200, url);
    }
  });

  it('keeps the read endpoints ES clients call at the root, and nothing else of that API there', async () => {
    for (const url of ['/_search', '/_count', '/_mapping', '/_field_caps?fields=*']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['x-elastic-product'], 'Elasticsearch', url);
    }
    for (const url of ['/_cluster/health', '/_cat/indices', '/_stats']) assert.equal((await get(url)).statusCode, 404, url);
  });

  it('serves the web UI at /app/* and sends / there', async () => {
    const root = await get('/');
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, '/app/');
    for (const url of ['/app', '/app/', '/app/discover', '/app/alerts/17']) {
      const response = await t.api.inject({ method: 'GET', url });
      // 200 once `npm ci` has built web/dist; a page saying how to build it otherwise.
      assert.ok([200, 503].includes(response.statusCode), url);
      assert.match(String(response.headers['content-type']), /^text\/html/, url);
      assert.equal(response.headers['x-elastic-product'], undefined, url);
    }
  });

  it('serves the API reference at /docs, with /api-docs sending there', async () => {
    assert.equal((await t.api.inject({ method: 'GET', url: '/docs/' })).statusCode, 200);
    const moved = await t.api.inject({ method: 'GET', url: '/api-docs' });
    assert.equal(moved.statusCode, 301);
    assert.equal(moved.headers.location, '/docs');
  });
});
