import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { addShippingAccount } from '../support/shipping-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface BulkAnswer {
  errors: boolean;
  items: Record<string, { _index: string; _id: string | null; status: number; result?: string; error?: { type: string } }>[];
}

async function call(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    ...(init.body === undefined ? {} : { body: init.body }),
    headers: init.headers ?? {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const ndjson = (...lines: unknown[]): string => lines.map((line) => JSON.stringify(line)).join('\n') + '\n';

for (const backend of controlPlaneBackends) {
  describe(`Elasticsearch-compatible ingest (${backend.name})`, () => {
    let t: TestApp;
    let url: string;
    let reader: LogReader;
    before(async () => {
      t = await startTestApp({ backend });
      url = (await t.listen()).listenerUrl;
      reader = openLogReader(t.config);
    });
    after(async () => {
      reader.close();
      await t.close();
    });

    it('answers GET / with an 8.x info document and the product header, also without a token', async () => {
      const response = await call(`${url}/`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      const info = JSON.parse(response.text) as { version: { number: string; build_flavor: string }; tagline: string };
      assert.match(info.version.number, /^8\./);
      assert.equal(info.tagline, 'You Know, for Search');
      assert.equal((await call(`${url}/_cat/health`)).status, 200);
      const refresh = await call(`${url}/some-index/_refresh`, { method: 'POST' });
      assert.equal(refresh.status, 200);
      assert.equal(refresh.headers.get('x-elastic-product'), 'Elasticsearch');
    });

    it("stores _bulk index and create actions with per-item status; the index is the type, a log's own type stays a field (0184)", async () => {
      const body = ndjson(
        { index: { _index: 'rsyslog-test', _type: 'events' } },
        { message: 'from rsyslog', host: 'vm', '@timestamp': new Date().toISOString() },
        { create: {} },
        { message: 'own type', type: 'custom' },
        { index: {} },
        'not an object',
      );
      const response = await call(`${url}/fallback/_bulk?token=${t.shippingToken}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      assert.equal(response.status, 200);
      const answer = JSON.parse(response.text) as BulkAnswer;
      assert.equal(answer.errors, true);
      assert.deepEqual(
        answer.items.map((item) => Object.entries(item).map(([action, value]) => [action, value._index, value.status])[0]),
        [
          ['index', 'rsyslog-test', 201],
          ['create', 'fallback', 201],
          ['index', 'fallback', 400],
        ],
      );
      const stored = await reader.logs(t.mainAccountId, "message IN ('from rsyslog', 'own type')");
      assert.deepEqual(stored.map((log) => [log.message, log.type, log.source.type]).sort(), [
        ['from rsyslog', 'rsyslog-test', 'rsyslog-test'],
        ['own type', 'fallback', 'custom'],
      ]);
      assert.deepEqual(stored.map((log) => log.id).sort(), [answer.items[0]?.index?._id, answer.items[1]?.create?._id].sort());
    });

    it('authenticates by ApiKey and Basic (password = token), and answers JSON errors otherwise', async () => {
      const other = await addShippingAccount(t.app.controlPlane.db, { name: 'eskeys' });
      const doc = (message: string) => ndjson({ index: { _index: 'auth' } }, { message });
      const headers = { 'content-type': 'application/x-ndjson' };
      assert.equal(
        (
          await call(`${url}/_bulk`, {
            method: 'POST',
            body: doc('apikey'),
            headers: { ...headers, authorization: `ApiKey ${other.token}` },
          })
        ).status,
        200,
      );
      const encoded = Buffer.from(`someid:${other.token}`).toString('base64');
      assert.equal(
        (
          await call(`${url}/_bulk`, {
            method: 'POST',
            body: doc('apikey pair'),
            headers: { ...headers, authorization: `ApiKey ${encoded}` },
          })
        ).status,
        200,
      );
      const basic = Buffer.from(`anyone:${other.token}`).toString('base64');
      assert.equal(
        (await call(`${url}/_bulk`, { method: 'PUT', body: doc('basic'), headers: { ...headers, authorization: `Basic ${basic}` } }))
          .status,
        200,
      );
      assert.deepEqual((await reader.logs(other.accountId)).map((log) => log.message).sort(), ['apikey', 'apikey pair', 'basic']);

      const denied = await call(`${url}/_bulk`, {
        method: 'POST',
        body: doc('nope'),
        headers: { ...headers, authorization: 'ApiKey wrong' },
      });
      assert.equal(denied.status, 401);
      assert.equal(denied.headers.get('x-elastic-product'), 'Elasticsearch');
      assert.equal((JSON.parse(denied.text) as { error: { type: string } }).error.type, 'security_exception');
      const broken = await call(`${url}/_bulk?token=${t.shippingToken}`, { method: 'POST', body: 'garbage\n{}\n', headers });
      assert.equal(broken.status, 400);
      assert.equal((JSON.parse(broken.text) as { status: number }).status, 400);
      const unknown = await call(`${url}/nothing/here`);
      assert.equal(unknown.status, 404);
      assert.equal((JSON.parse(unknown.text) as { status: number }).status, 404);
    });

    it('answers over-cap bulk requests with a JSON 429 naming the cap', async () => {
      const none = await addShippingAccount(t.app.controlPlane.db, { name: 'escap', maxDailyGB: 0 });
      const response = await call(`${url}/_bulk?token=${none.token}`, {
        method: 'POST',
        body: ndjson({ index: { _index: 'x' } }, { message: 'x' }),
        headers: { 'content-type': 'application/x-ndjson' },
      });
      assert.equal(response.status, 429);
      assert.ok(Number(response.headers.get('retry-after')) >= 1);
      const body = JSON.parse(response.text) as {
        status: number;
        error: { type: string; accountId: number; maxDailyGB: number; resetsAt: string };
      };
      assert.equal(body.status, 429);
      assert.equal(body.error.accountId, none.accountId);
      assert.equal(body.error.maxDailyGB, 0);
      assert.match(body.error.resetsAt, /T00:00:00\.000Z$/);
    });
  });
}
