import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 15, part 3: the listener refuses what it cannot read and accounts it does not serve. */
const backend = controlPlaneBackends[0];
if (backend === undefined) throw new Error('no control-plane backend');

describe('listener refusals', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ backend });
  });
  after(async () => t.close());

  const post = (payload: Buffer | string, headers: Record<string, string> = {}) =>
    t.listener.inject({
      method: 'POST',
      url: `/?token=${t.shippingToken}`,
      payload,
      headers: { 'content-type': 'text/plain', ...headers },
    });

  it('answers 400 to a body that is not what Content-Encoding: gzip says', async () => {
    const good = zlib.gzipSync('{"message":"zipped"}\n');
    const cases: [string, Buffer][] = [
      ['plain text', Buffer.from('{"message":"not zipped"}\n')],
      ['truncated', good.subarray(0, good.length - 6)],
      ['trailing garbage', Buffer.concat([good, Buffer.from('garbage that is not gzip')])],
      ['random bytes', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
    ];
    for (const [name, body] of cases) {
      const response = await post(body, { 'content-encoding': 'gzip' });
      assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
    }
    assert.equal((await post(good, { 'content-encoding': 'gzip' })).statusCode, 200);
  });

  it('refuses an account of another region as the API does', async () => {
    await t.app.controlPlane.db.updateTable('accounts').set({ region: 'eu' }).where('id', '=', t.mainAccountId).execute();
    // The token cache keeps an answer two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const shipped = await post('{"message":"from another region"}\n');
    assert.equal(shipped.statusCode, 403, shipped.body);
    assert.match(shipped.body, /Account region eu differs from current server region us/);
    const api = await t.api.inject({ method: 'GET', url: '/v2/whoami', headers: { 'x-api-token': t.apiToken } });
    assert.equal(api.statusCode, 403, 'the API refuses the same account');
  });
});
