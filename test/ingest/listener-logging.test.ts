import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../../src/app/create-logger.js';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp } from '../support/test-app.js';

describe('listener request log', () => {
  it('logs requests with redacted URLs and never a token', async () => {
    const lines: string[] = [];
    const t = await startTestApp({ backend: sqliteBackend, logger: createLogger('debug', { write: (line: string) => lines.push(line) }) });
    const basic = Buffer.from(`u:${t.shippingToken}`).toString('base64');
    try {
      const { listenerUrl } = await t.listen();
      const post = (url: string, body: string, headers: Record<string, string> = {}) =>
        fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } });
      assert.equal((await post(`${listenerUrl}/?token=${t.shippingToken}&type=x`, '{"message":"x"}')).status, 200);
      assert.equal((await post(`${listenerUrl}/?token=secretwrongtoken`, '{"message":"x"}')).status, 401);
      assert.equal(
        (await post(`${listenerUrl}/_bulk`, '{"index":{"_index":"i"}}\n{"message":"y"}\n', { authorization: `Basic ${basic}` })).status,
        200,
      );
    } finally {
      await t.close();
    }
    const text = lines.join('');
    assert.match(text, /listener request/);
    assert.match(text, /token=\[redacted\]/);
    for (const secret of [t.shippingToken, 'secretwrongtoken', basic]) assert.equal(text.includes(secret), false, secret);
  });
});
