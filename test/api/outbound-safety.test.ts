import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 15, part 2: a user's URL never reaches this host, its networks or the metadata service. */
const backend = controlPlaneBackends[0];
if (backend === undefined) throw new Error('no control-plane backend');

describe("outbound requests on a user's behalf", () => {
  let t: TestApp;
  let receiver: HttpReceiver;
  before(async () => {
    receiver = await startHttpReceiver();
    // No allowed range: the defaults an operator gets.
    t = await startTestApp({
      backend,
      env: { LOGWARD_OUTBOUND_ALLOW_CIDRS: '' },
      compose: { deliveryRetryPolicy: { maxAttempts: 1, baseDelayMs: 10, timeoutMs: 2_000 } },
    });
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.api.inject({
      method,
      url,
      headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('refuses loopback, link-local, private and metadata URLs at save with a 400 naming the field', async () => {
    const port = new URL(receiver.url).port;
    const refused = [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:6379/',
      `http://localhost:${port}/hook`,
      'http://[::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://2130706433/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://100.100.100.200/',
      'http://0.0.0.0/',
    ];
    for (const url of refused) {
      for (const [slug, body] of [
        ['custom', { title: 'c', url, method: 'POST', headers: '' }],
        ['slack', { title: 's', url }],
        ['service-now', { title: 'n', username: 'u', password: 'p', url }],
      ] as const) {
        const created = await call('POST', `/v1/endpoints/${slug}`, body);
        assert.equal(created.statusCode, 400, `${slug} ${url}: ${created.body}`);
        const error = created.json<{ errorCode: string; message: string; parameters: { field: string } }>();
        assert.equal(error.parameters.field, 'body.url');
        assert.match(error.message, /^body\.url /);
      }
    }
    assert.equal(
      (await t.api.inject({ method: 'GET', url: '/v1/endpoints', headers: { 'x-api-token': t.apiToken } })).json<unknown[]>().length,
      0,
    );
    assert.equal(receiver.requests.length, 0);
  });

  it('refuses them on update and on ?test=true too, sending nothing', async () => {
    const created = await call('POST', '/v1/endpoints/slack', { title: 'ok', url: 'https://hooks.slack.example.invalid/services/T/B/x' });
    assert.equal(created.statusCode, 200, created.body);
    const { id } = created.json<{ id: number }>();
    assert.equal((await call('PUT', `/v1/endpoints/slack/${id}`, { title: 'ok', url: `${receiver.url}/x` })).statusCode, 400);
    assert.equal((await call('POST', '/v1/endpoints/slack?test=true', { title: 'ok', url: `${receiver.url}/x` })).statusCode, 400);
    assert.equal(receiver.requests.length, 0);
  });

  it('answers a failed test delivery the same way whatever the cause (no port-scan oracle)', async () => {
    const answers = [];
    // A name that does not resolve is saved (the check at send decides), then fails at send.
    for (const url of ['http://does-not-exist.invalid/hook', 'http://does-not-exist.invalid:6379/']) {
      const response = await call('POST', '/v1/endpoints/custom?test=true', { title: 't', url, method: 'POST', headers: '' });
      answers.push({ status: response.statusCode, body: { ...response.json<Record<string, unknown>>(), requestId: undefined } });
    }
    assert.equal(answers[0]?.status, 400);
    assert.deepEqual(answers[0], answers[1]);
    assert.deepEqual(answers[0]?.body, {
      errorCode: 'endpoints/TEST_MESSAGE_FAILED',
      message: 'The test message could not be delivered',
      parameters: {},
      requestId: undefined,
    });
  });
});

describe('outbound requests with an operator-allowed range', () => {
  let t: TestApp;
  let receiver: HttpReceiver;
  before(async () => {
    receiver = await startHttpReceiver();
    t = await startTestApp({
      backend,
      env: { LOGWARD_OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' },
      compose: { deliveryRetryPolicy: { maxAttempts: 1, baseDelayMs: 10, timeoutMs: 2_000 } },
    });
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  it("delivers to the allowed range only, and a receiver's 404 is the same generic failure", async () => {
    const call = (url: string) =>
      t.api.inject({
        method: 'POST',
        url: '/v1/endpoints/slack?test=true',
        headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 's', url }),
      });
    assert.equal((await call(`${receiver.url}/ok`)).statusCode, 200);
    assert.equal(receiver.requests.length, 1);
    assert.equal((await call('http://127.0.0.2/')).statusCode, 400);
    receiver.respondWith([404]);
    const notFound = await call(`${receiver.url}/missing`);
    assert.equal(notFound.statusCode, 400);
    assert.deepEqual(notFound.json<{ parameters: unknown; message: string }>().parameters, {});
    assert.equal(notFound.json<{ message: string }>().message, 'The test message could not be delivered');
  });
});
