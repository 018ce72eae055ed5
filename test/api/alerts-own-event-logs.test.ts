import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

interface TriggeredPage {
  total: number;
  results: { name: string; alertWindowEndDate: number }[];
}

// Issue 15: an alert whose query matches everything must not count its own alert event logs and keep itself firing.
for (const backend of controlPlaneBackends) {
  describe(`alerts never count the service's own event logs unless they ask for them (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let listenerUrl = '';
    const call = (method: 'POST', url: string, payload: unknown) =>
      t.api.inject({ method, url, headers: { 'x-api-token': t.apiToken }, payload: payload as object });
    const cycle = () => t.app.alertEvaluation.runCycle(new AbortController().signal);
    const alert = (title: string, query: string) => ({
      title,
      searchTimeFrameMinutes: 1,
      subComponents: [
        {
          queryDefinition: { query, aggregation: { aggregationType: 'COUNT' } },
          trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
        },
      ],
    });
    const firingsOf = async (title: string): Promise<number[]> => {
      const page = (await call('POST', '/v1/alerts/triggered-alerts', { size: 100, search: title })).json<TriggeredPage>();
      return page.results.filter((result) => result.name === title).map((result) => result.alertWindowEndDate * 1000 - T0);
    };

    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' }, compose: { alertSettleDelayMs: 0 } });
      listenerUrl = (await t.listen()).listenerUrl;
    });
    after(async () => {
      await t.close();
    });

    it('fires on the logs, not again on its own event log; an alert that names them counts them', async () => {
      assert.equal((await call('POST', '/v2/alerts', alert('Anything', '*'))).statusCode, 200);
      assert.equal((await call('POST', '/v2/alerts', alert('Alert events', '_exists_:service-alert'))).statusCode, 200);
      assert.equal((await cycle()).firings, 0);

      await shipLogs(listenerUrl, t.shippingToken, 'app', [{ '@timestamp': new Date(T0 + 10_000).toISOString(), message: 'one log' }]);
      clock.set(T0 + MINUTE + 1_000);
      // [T0, T0+1m) holds the log: "Anything" fires, and its event log is written at T0+1m+1s.
      assert.equal((await cycle()).firings, 1);

      clock.set(T0 + 2 * MINUTE + 1_000);
      // [T0+1m, T0+2m) holds only that event log: "Alert events" asks for it by name, "Anything" does not count it.
      await cycle();
      assert.deepEqual(await firingsOf('Anything'), [MINUTE]);
      assert.deepEqual(await firingsOf('Alert events'), [2 * MINUTE]);

      clock.set(T0 + 3 * MINUTE + 1_000);
      await cycle();
      assert.deepEqual(await firingsOf('Anything'), [MINUTE]);
    });
  });
}
