/**
 * Issue 15, cost limits: hostile searches are refused before they reach the engine, with a 400 that names the limit
 * as Elasticsearch does, and an account flooding the engine leaves a slot for another account's search.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { addAccount, type TestAccount } from '../support/sub-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface ErrorBody {
  readonly message: string;
  readonly errorCode?: string;
}

describe('search cost limits', () => {
  let t: TestApp;
  let other: TestAccount;
  const search = (body: unknown, token = t.apiToken) =>
    t.api.inject({ method: 'POST', url: '/v1/search', headers: { 'x-api-token': token }, payload: body as Record<string, unknown> });

  before(async () => {
    t = await startTestApp({ backend: sqliteBackend });
    const { listenerUrl } = await t.listen();
    other = await addAccount(t, { ownerAccountId: null, searchable: true });
    const logs = Array.from({ length: 50 }, (_, i) => ({ message: `request ${i} served`, status: i % 5 === 0 ? 500 : 200 }));
    await shipLogs(listenerUrl, t.shippingToken, 'app', logs);
    await shipLogs(listenerUrl, other.shippingToken, 'app', logs);
  });
  after(() => t.close());

  it('refuses the 20,000-word OR query_string at once, naming the limit, and the other account is served', async () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x${(i * 7919).toString(36)}`).join(' OR ');
    const started = performance.now();
    const refused = await search({ query: { query_string: { query: words } } });
    assert.equal(refused.statusCode, 400);
    assert.ok(performance.now() - started < 2_000, 'refused before it runs');
    assert.match(refused.json<ErrorBody>().message, /allowed maximum of \[32768\]/);
    const served = await search({ query: { term: { status: 500 } }, size: 1 }, other.apiToken);
    assert.equal(served.statusCode, 200);
  });

  it('names max_clause_count, max_nested_depth and max_regex_length as Elasticsearch does', async () => {
    const ored = Array.from({ length: 1_100 }, (_, i) => `word${i}`).join(' OR ');
    assert.match((await search({ query: { query_string: { query: ored } } })).json<ErrorBody>().message, /maxClauseCount is set to 1024/);
    let nested: unknown = { term: { status: 500 } };
    for (let i = 0; i < 25; i += 1) nested = { bool: { filter: [nested] } };
    const deep = await search({ query: nested });
    assert.equal(deep.statusCode, 400);
    assert.match(deep.json<ErrorBody>().message, /indices\.query\.bool\.max_nested_depth/);
    const regex = await search({ query: { regexp: { message: 'a'.repeat(1_001) } } });
    assert.equal(regex.statusCode, 400);
    assert.match(regex.json<ErrorBody>().message, /index\.max_regex_length/);
  });

  it('refuses a histogram of more buckets than search.max_buckets instead of cutting it short', async () => {
    const now = Date.now();
    const response = await search({
      query: { match_all: {} },
      size: 0,
      aggs: {
        per_second: {
          date_histogram: {
            field: '@timestamp',
            fixed_interval: '1s',
            min_doc_count: 0,
            extended_bounds: { min: now - 2 * 86_400_000, max: now },
          },
        },
      },
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.match(
      response.json<ErrorBody>().message,
      /Trying to create too many buckets\. Must be less than or equal to: \[65536\] but was \[172801\]/,
    );
  });
});
