import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@elastic/elasticsearch';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('real shipper: @elastic/elasticsearch 8 bulk helper', () => {
  let t: TestApp;
  let client: Client;
  let reader: LogReader;
  before(async () => {
    t = await startTestApp({ backend: sqliteBackend });
    const { listenerUrl } = await t.listen();
    client = new Client({ node: listenerUrl, auth: { apiKey: t.shippingToken } });
    reader = openLogReader(t.config);
  });
  after(async () => {
    await client.close();
    reader.close();
    await t.close();
  });

  it('passes the product check and stores what the bulk helper sends', async () => {
    const info = await client.info();
    assert.match(info.version.number, /^8\./);
    const now = Date.now();
    const documents = Array.from({ length: 250 }, (_, i) => ({
      '@timestamp': new Date(now - i * 1000).toISOString(),
      message: `es helper ${i}`,
      level: i % 2 === 0 ? 'info' : 'warn',
      http: { status: 200 + (i % 3) },
    }));
    const result = await client.helpers.bulk({
      datasource: documents,
      onDocument: () => ({ create: { _index: 'es-helper' } }),
      flushBytes: 4000,
    });
    assert.equal(result.successful, 250);
    assert.equal(result.failed, 0);
    await client.indices.refresh({ index: 'es-helper' });
    const logs = await reader.logs(t.mainAccountId, "type = 'es-helper'");
    assert.equal(logs.length, 250);
    const last = logs.find((log) => log.message === 'es helper 249');
    assert.equal(last?.timestampMs, now - 249_000);
    assert.deepEqual(last?.source.http, { status: 200 });
    assert.equal(last?.source.level, 'warn');
  });
});
