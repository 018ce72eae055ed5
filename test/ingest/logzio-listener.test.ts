import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { BYTES_PER_GB } from '../../src/ingest/daily-quota.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { addShippingAccount } from '../support/shipping-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

for (const backend of controlPlaneBackends) {
  describe(`Logz.io HTTP bulk listener (${backend.name})`, () => {
    let t: TestApp;
    let url: string;
    let reader: LogReader;
    before(async () => {
      t = await startTestApp({ backend });
      const ports = await t.listen();
      url = ports.listenerUrl;
      reader = openLogReader(t.config);
    });
    after(async () => {
      reader.close();
      await t.close();
    });

    it('stores NDJSON with the right fields once it answers 200 with an empty body', async () => {
      const firstMs = Math.floor(Date.now() / 1000) * 1000 - 60_123;
      const ownSeconds = Math.floor(Date.now() / 1000) - 30;
      const body = [
        JSON.stringify({ message: 'first', '@timestamp': new Date(firstMs).toISOString(), env: 'test', user: { id: 42 } }),
        JSON.stringify({ message: 'own type', type: 'mine', timestamp: ownSeconds }),
        'plain text line',
      ].join('\n');
      const response = await post(`${url}/?token=${t.shippingToken}&type=myapp`, body);
      assert.equal(response.status, 200);
      assert.equal(response.text, '');
      assert.equal(response.headers.get('x-elastic-product'), 'Elasticsearch');
      const logs = await reader.logs(t.mainAccountId, "type IN ('myapp', 'mine')");
      const byMessage = new Map(logs.map((log) => [log.message, log]));
      const first = byMessage.get('first');
      assert.equal(first?.type, 'myapp');
      assert.equal(first?.timestampMs, firstMs);
      assert.deepEqual(first?.source.user, { id: 42 });
      assert.equal(first?.source.env, 'test');
      assert.equal(byMessage.get('own type')?.type, 'mine');
      assert.equal(byMessage.get('own type')?.timestampMs, ownSeconds * 1000);
      assert.equal(byMessage.get('plain text line')?.type, 'myapp');
      assert.equal(new Set(logs.map((log) => log.id)).size, 3);
    });

    // A lone surrogate (`"\ud800"`, which JSON allows and the engine refuses) made the whole batch fail: stored
    // as U+FFFD instead, beside the other lines of its request (issue 15, found by the long fuzz run).
    it('stores strings holding lone surrogates, in values and names, as U+FFFD', async () => {
      const body = [
        '{"message":"lone \\ud800 high","user":"x\\udc00y","tags":["a\\ud83d"],"k\\ud800ey":"v","kept":"a\\\\ud800b"}',
        '{"message":"neighbour of the lone one"}',
      ].join('\n');
      const response = await post(`${url}/?token=${t.shippingToken}&type=surrogates`, body);
      assert.equal(response.status, 200, response.text);
      const logs = await reader.logs(t.mainAccountId, "type = 'surrogates'");
      assert.deepEqual(logs.map((log) => log.message).sort(), ['lone \ufffd high', 'neighbour of the lone one']);
      const lone = logs.find((log) => log.message.startsWith('lone'));
      assert.equal(lone?.source.user, 'x\ufffdy');
      assert.deepEqual(lone?.source.tags, ['a\ufffd']);
      assert.equal(lone?.source['k\ufffdey'], 'v');
      // An escaped backslash before "ud800" is text, not an escape: kept as sent.
      assert.equal(lone?.source.kept, 'a\\ud800b');
    });

    it('accepts gzip, a trailing newline, application/json, no type (http-bulk) and a URL without a path', async () => {
      const gz = zlib.gzipSync('{"message":"zipped"}\n');
      assert.equal(
        (await post(`${url}/?token=${t.shippingToken}`, gz, { 'content-encoding': 'gzip', 'content-type': 'application/json' })).status,
        200,
      );
      assert.equal((await post(`${url}?token=${t.shippingToken}&type=bare`, '{"message":"bare"}')).status, 200);
      const logs = await reader.logs(t.mainAccountId, "message IN ('zipped', 'bare')");
      assert.deepEqual(logs.map((log) => [log.message, log.type]).sort(), [
        ['bare', 'bare'],
        ['zipped', 'http-bulk'],
      ]);
    });

    it('answers 200 to an empty body, also an empty gzip', async () => {
      assert.equal((await post(`${url}/?token=${t.shippingToken}`, '')).status, 200);
      assert.equal((await post(`${url}/?token=${t.shippingToken}`, zlib.gzipSync(''), { 'content-encoding': 'gzip' })).status, 200);
    });

    it('answers 400 with line counts and keeps the good lines', async () => {
      const big = JSON.stringify({ message: 'x'.repeat(500_001) });
      const response = await post(
        `${url}/?token=${t.shippingToken}&type=partial`,
        `{"message":"good one"}\n{"broken":\n\n${big}\n{"message":"good two"}`,
      );
      assert.equal(response.status, 400);
      assert.deepEqual(JSON.parse(response.text), { malformedLines: 1, successfulLines: 2, oversizedLines: 1, emptyLogLines: 1 });
      assert.deepEqual((await reader.logs(t.mainAccountId, "type = 'partial'")).map((log) => log.message).sort(), ['good one', 'good two']);
    });

    it('answers 401 with Logz.io texts for a missing or unknown token', async () => {
      const missing = await post(`${url}/`, '{"message":"x"}');
      assert.equal(missing.status, 401);
      assert.equal(missing.text, 'Logging token is missing');
      const wrong = await post(`${url}/?token=nope`, '{"message":"x"}');
      assert.equal(wrong.status, 401);
      assert.equal(wrong.text, 'Logging token is not valid');
      assert.equal(wrong.headers.get('x-elastic-product'), 'Elasticsearch');
    });

    it('answers 413 above 10 MB, sent or unzipped', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
      assert.equal((await post(`${url}/?token=${t.shippingToken}`, big)).status, 413);
      assert.equal((await post(`${url}/?token=${t.shippingToken}`, zlib.gzipSync(big), { 'content-encoding': 'gzip' })).status, 413);
    });

    it('adds LogSize for accounts that ask for it', async () => {
      const sized = await addShippingAccount(t.app.controlPlane.db, { name: 'sized', docSizeSetting: true });
      assert.equal((await post(`${url}/?token=${sized.token}`, '{"message":"measure me"}')).status, 200);
      const [log] = await reader.logs(sized.accountId);
      assert.equal(log?.sizeBytes, 24);
      assert.equal(log?.source.LogSize, 24);
    });

    it('refuses whole requests over the daily cap with 429 naming the account, cap and reset, and counts the bytes', async () => {
      const capped = await addShippingAccount(t.app.controlPlane.db, { name: 'capped', maxDailyGB: 100 / BYTES_PER_GB });
      const line = JSON.stringify({ message: 'm'.repeat(30) });
      assert.equal((await post(`${url}/?token=${capped.token}`, `${line}\n${line}`)).status, 200);
      const refused = await post(`${url}/?token=${capped.token}`, `${line}\n${line}`);
      assert.equal(refused.status, 429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 86_400);
      const body = JSON.parse(refused.text) as Record<string, unknown>;
      assert.equal(body.accountId, capped.accountId);
      assert.equal(body.maxDailyGB, 100 / BYTES_PER_GB);
      assert.match(String(body.resetsAt), /T00:00:00\.000Z$/);
      assert.match(String(body.message), /daily cap/);
      assert.equal((await reader.logs(capped.accountId)).length, 2);

      const none = await addShippingAccount(t.app.controlPlane.db, { name: 'zero', maxDailyGB: 0 });
      assert.equal((await post(`${url}/?token=${none.token}`, '{"message":"x"}')).status, 429);
      assert.equal((await post(`${url}/?token=${none.token}`, '')).status, 200);

      const deadline = Date.now() + 5000;
      let usage = await t.app.usage.usageFor(capped.accountId, 1);
      while (usage.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        usage = await t.app.usage.usageFor(capped.accountId, 1);
      }
      assert.equal(usage[0]?.bytes, 2 * Buffer.byteLength(line));
    });

    it('stops accepting a revoked token within a few seconds', async () => {
      const revoked = await addShippingAccount(t.app.controlPlane.db, { name: 'revoked' });
      assert.equal((await post(`${url}/?token=${revoked.token}`, '{"message":"before"}')).status, 200);
      await t.app.controlPlane.db.deleteFrom('shipping_tokens').where('token', '=', revoked.token).execute();
      const started = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - started < 5000) {
        status = (await post(`${url}/?token=${revoked.token}`, '')).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.equal(status, 401);
      assert.ok(Date.now() - started < 3000);
    });

    it('reports the log store on /ready', async () => {
      const ready = await t.api.inject({ method: 'GET', url: '/ready' });
      assert.equal(ready.json<{ checks: Record<string, string> }>().checks['log-store'], 'ok');
    });
  });
}
