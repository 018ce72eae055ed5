import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
describe('Elasticsearch-compatible read API (Grafana datasource paths)', () => {
  let t: TestApp;
  let apiUrl = '';
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: string, contentType = 'application/json') => {
    const response = await request(`${apiUrl}${path}`, {
      method,
      headers: { 'x-api-token': t.apiToken, 'content-type': contentType },
      body,
    });
    return {
      status: response.statusCode,
      product: response.headers['x-elastic-product'],
      json: (await response.body.json()) as Record<string, unknown>,
    };
  };

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend });
    const { listenerUrl } = await t.listen();
    const address = t.api.server.address();
    assert.ok(address !== null && typeof address === 'object');
    apiUrl = `http://127.0.0.1:${address.port}`;
    await shipLogs(listenerUrl, t.shippingToken, 'nginx', [
      { message: 'GET /a 200', status: 200, client: { ip: '10.0.0.1' } },
      { message: 'GET /b 500', status: 500, client: { ip: '10.0.0.2' } },
    ]);
    await shipLogs(listenerUrl, t.shippingToken, 'app', [{ message: 'started', level: 'info' }]);
  });
  after(async () => t.close());

  it('answers Grafana msearch under /v1/elasticsearch with ES 7 totals', async () => {
    const body = `${JSON.stringify({ search_type: 'query_then_fetch', ignore_unavailable: true, index: 'nginx' })}\n${JSON.stringify({
      size: 0,
      query: {
        bool: { filter: [{ range: { '@timestamp': { gte: 'now-1h', lte: 'now+1h' } } }, { query_string: { query: 'status:500' } }] },
      },
      aggs: { 2: { date_histogram: { field: '@timestamp', fixed_interval: '1m', min_doc_count: 0 } } },
    })}\n`;
    const response = await call('POST', '/v1/elasticsearch/_msearch', body, 'application/x-ndjson');
    assert.equal(response.status, 200);
    assert.equal(response.product, 'Elasticsearch');
    const [first] = response.json.responses as {
      hits: { total: { value: number } };
      aggregations: Record<string, { buckets: unknown[] }>;
    }[];
    assert.equal(first?.hits.total.value, 1);
    assert.ok((first?.aggregations['2']?.buckets.length ?? 0) >= 1);
  });

  it('accepts a JSON body on GET and query-string parameters', async () => {
    const response = await call('GET', '/nginx,app/_search?sort=status:desc&size=1', JSON.stringify({ query: { match_all: {} } }));
    assert.equal(response.status, 200);
    const hits = response.json.hits as { total: { value: number }; hits: { _index: string; _source: { status?: number } }[] };
    assert.equal(hits.total.value, 3);
    assert.equal(hits.hits[0]?._source.status, 500);
    const counted = await call('GET', '/*,-app/_count?q=status:200');
    assert.deepEqual(counted.json.count, 1);
    // Other modules' GET routes still ignore an empty body sent with a JSON content type (Terraform does that).
    assert.equal((await call('GET', '/v2/whoami')).status, 200);
  });

  it('counts hits up to track_total_hits, as Elasticsearch 7+ does, and exactly in _count and scrolls', async () => {
    type Hits = { total?: { value: number; relation: string } | number; hits: unknown[] };
    const totalOf = async (path: string, body: Record<string, unknown>) =>
      ((await call('POST', path, JSON.stringify(body))).json.hits as Hits).total;
    const all = { query: { match_all: {} } };
    // Three logs: the default bound (10,000) counts them all; a bound below the matches reports it as a floor.
    assert.deepEqual(await totalOf('/nginx,app/_search', all), { value: 3, relation: 'eq' });
    assert.deepEqual(await totalOf('/nginx,app/_search', { ...all, track_total_hits: 2 }), { value: 2, relation: 'gte' });
    assert.deepEqual(await totalOf('/nginx,app/_search?track_total_hits=1', all), { value: 1, relation: 'gte' });
    // A text query, counted by a statement that stops past the bound.
    const word = { query: { query_string: { query: 'GET' } } };
    assert.deepEqual(await totalOf('/nginx,app/_search', { ...word, track_total_hits: 1 }), { value: 1, relation: 'gte' });
    assert.deepEqual(await totalOf('/nginx,app/_search', { ...word, track_total_hits: 2 }), { value: 2, relation: 'eq' });
    // Not counted: no total, or -1 where totals are numbers.
    const untracked = (await call('POST', '/nginx,app/_search', JSON.stringify({ ...word, track_total_hits: false }))).json.hits as Hits;
    assert.equal(untracked.total, undefined);
    assert.equal(untracked.hits.length, 2);
    assert.equal(await totalOf('/nginx,app/_search?rest_total_hits_as_int=true', { ...word, track_total_hits: false }), -1);
    assert.equal(await totalOf('/nginx,app/_search?rest_total_hits_as_int=true', { ...word, track_total_hits: 1 }), 1);
    // _count and scrolls count every match whatever the body says.
    assert.equal((await call('POST', '/nginx,app/_count', JSON.stringify(word))).json.count, 2);
    const scrolled = await totalOf('/nginx,app/_search?scroll=1m&size=1', { ...word, track_total_hits: 1 });
    assert.deepEqual(scrolled, { value: 2, relation: 'eq' });
  });

  it('lists mappings and field capabilities from the field catalog', async () => {
    const mapping = await call('GET', '/nginx/_mapping');
    const properties = (
      mapping.json.nginx as { mappings: { properties: Record<string, { type?: string; properties?: Record<string, { type: string }> }> } }
    ).mappings.properties;
    assert.equal(properties.status?.type, 'long');
    assert.equal(properties['@timestamp']?.type, 'date');
    assert.equal(properties.client?.properties?.ip?.type, 'text');
    const caps = await call('GET', '/_field_caps?fields=client.*');
    assert.deepEqual(Object.keys(caps.json.fields as object).sort(), ['client.ip', 'client.ip.keyword']);
  });

  it('answers an unknown index with an Elasticsearch 404 and scrolls', async () => {
    const missing = await call('POST', '/no-such-index/_search', JSON.stringify({ query: { match_all: {} } }));
    assert.equal(missing.status, 404);
    assert.equal((missing.json.error as { type: string }).type, 'index_not_found_exception');
    const opened = await call('POST', '/nginx/_search?scroll=1m&size=1', JSON.stringify({ sort: ['_doc'] }));
    const scrollId = String(opened.json._scroll_id);
    const next = await call('POST', '/_search/scroll', JSON.stringify({ scroll_id: scrollId, scroll: '1m' }));
    assert.equal((next.json.hits as { hits: unknown[] }).hits.length, 1);
    const cleared = await call('DELETE', '/_search/scroll', JSON.stringify({ scroll_id: [scrollId] }));
    assert.deepEqual(cleared.json, { succeeded: true, num_freed: 1 });
    const gone = await call('POST', '/_search/scroll', JSON.stringify({ scroll_id: scrollId }));
    assert.equal(gone.status, 404);
  });
});
