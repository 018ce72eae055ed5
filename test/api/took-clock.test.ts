import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../src/shared/clock.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];

/**
 * `took` is time a client reads, so it comes from the injected clock like every other time: with a clock that
 * stands still, every answer took 0 ms however long the engine worked.
 */
describe('took comes from the injected clock', () => {
  let t: TestApp;
  let listenerUrl = '';
  const clock = createManualClock(Date.now());
  const api = async (url: string, body: unknown, contentType = 'application/json') => {
    const response = await t.api.inject({
      method: 'POST',
      url,
      headers: { 'x-api-token': t.apiToken, 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Record<string, unknown>>();
  };

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend, clock });
    ({ listenerUrl } = await t.listen());
    await shipLogs(listenerUrl, t.shippingToken, 'app', [{ message: 'one' }, { message: 'two' }]);
  });
  after(async () => t.close());

  it('in /v1/search', async () => {
    const body = await api('/v1/search', { query: { match_all: {} }, aggs: { types: { terms: { field: 'type' } } } });
    assert.equal((body.hits as { total: number }).total, 2);
    assert.equal(body.took, 0);
  });

  it('in the Elasticsearch read API: _search, _msearch and scroll', async () => {
    const searched = await api('/v1/elasticsearch/app/_search?scroll=1m', { query: { match: { message: 'one' } }, size: 1 });
    assert.equal(searched.took, 0);
    const scrolled = await api('/v1/elasticsearch/_search/scroll', { scroll_id: searched._scroll_id });
    assert.equal(scrolled.took, 0);
    const multi = await api('/v1/elasticsearch/_msearch', `{"index":"app"}\n{"query":{"match_all":{}}}\n`, 'application/x-ndjson');
    assert.equal(multi.took, 0);
    assert.equal((multi.responses as { took: number }[])[0]?.took, 0);
  });

  it("in the listener's _bulk answer", async () => {
    const response = await fetch(`${listenerUrl}/_bulk?token=${t.shippingToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: `{"index":{"_index":"bulk"}}\n{"message":"three"}\n`,
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { took: number; errors: boolean };
    assert.equal(body.errors, false);
    assert.equal(body.took, 0);
  });
});
