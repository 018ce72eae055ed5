import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

for (const backend of controlPlaneBackends) {
  describe(`the scheduler role evaluates alerts on its own (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_DETECTION_INTERVAL_SECONDS: '1' }, compose: { alertSettleDelayMs: 0 } });
    });
    after(async () => t.close());

    it('fires an alert within a few intervals of its logs arriving', async () => {
      const { listenerUrl } = await t.listen();
      const created = await t.api.inject({
        method: 'POST',
        url: '/v2/alerts',
        headers: { 'x-api-token': t.apiToken },
        payload: {
          title: 'Scheduled',
          subComponents: [
            {
              queryDefinition: { query: 'kind:scheduled', aggregation: { aggregationType: 'COUNT' } },
              trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { INFO: 1 } },
            },
          ],
        },
      });
      assert.equal(created.statusCode, 200, created.body);
      await shipLogs(listenerUrl, t.shippingToken, 'app', [
        { '@timestamp': new Date(Date.now() - 1_000).toISOString(), kind: 'scheduled' },
      ]);
      let total = 0;
      for (let attempt = 0; attempt < 40 && total === 0; attempt += 1) {
        await sleep(250);
        const page = await t.api.inject({
          method: 'POST',
          url: '/v1/alerts/triggered-alerts',
          headers: { 'x-api-token': t.apiToken },
          payload: { search: 'scheduled' },
        });
        total = page.json<{ total: number }>().total;
      }
      assert.ok(total >= 1, 'the scheduler did not fire the alert within 10 s');
    });
  });
}
