import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { createSecurityAccount, disableAllRules, type TestSecurityAccount } from '../support/security-accounts.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

for (const backend of controlPlaneBackends) {
  describe(`security events notify through the security account's endpoints, with suppression (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let webhook: HttpReceiver;
    let listenerUrl = '';
    let siem: TestSecurityAccount;
    const cycle = () => t.app.detection.runCycle(new AbortController().signal);
    const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });

    before(async () => {
      webhook = await startHttpReceiver();
      t = await startTestApp({
        backend,
        clock,
        env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' },
        compose: { alertSettleDelayMs: 0, deliveryRetryPolicy: { maxAttempts: 2, baseDelayMs: 10, timeoutMs: 2_000 } },
      });
      listenerUrl = (await t.listen()).listenerUrl;
      siem = await createSecurityAccount(t);
      await disableAllRules(t, siem.apiToken);
    });
    after(async () => {
      await t.close();
      await webhook.close();
    });

    it('sends one notification per event and suppresses repeats of the same group', async () => {
      const endpoint = await call(t, 'POST', '/v1/endpoints/custom', siem.apiToken, {
        title: 'soc hook',
        url: `${webhook.url}/soc`,
        method: 'POST',
        headers: 'X-Token=abc',
        bodyTemplate: { title: '{{alert_title}}', severity: '{{alert_severity}}', groups: '{{alert_group_by}}' },
      });
      assert.equal(endpoint.statusCode, 200, endpoint.body);
      const rule = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
        title: 'Root login',
        searchTimeFrameMinutes: 5,
        output: { recipients: { notificationEndpointIds: [endpoint.json<{ id: number }>().id] }, suppressNotificationsMinutes: 30 },
        subComponents: [
          {
            queryDefinition: { query: 'message:"session opened for user root"', groupBy: ['host'] },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { SEVERE: 0 } },
          },
        ],
      });
      assert.equal(rule.statusCode, 201, rule.body);
      await cycle();
      await shipLogs(listenerUrl, t.shippingToken, 'auth', [
        at(5_000, { host: 'db-1', message: 'pam_unix: session opened for user root' }),
      ]);
      clock.set(T0 + MINUTE + 1_000);
      const first = await cycle();
      assert.equal(first.firings, 1);
      assert.equal(first.dispatched, 1);
      await webhook.waitFor(1);
      const delivered = JSON.parse(webhook.requests[0]?.body ?? '{}') as { title: string; severity: string; groups: unknown };
      assert.equal(delivered.title, 'Root login');
      assert.equal(delivered.severity, 'SEVERE');

      // Once per incident: the next windows still hold the log and fire nothing. A new log of the same group fires
      // from the first window after the one that fired: an event, but no notification (suppressed for 30 minutes).
      clock.set(T0 + 2 * MINUTE + 1_000);
      assert.equal((await cycle()).firings, 0);
      await shipLogs(listenerUrl, t.shippingToken, 'auth', [
        at(2 * MINUTE + 5_000, { host: 'db-1', message: 'pam_unix: session opened for user root' }),
      ]);
      clock.set(T0 + 6 * MINUTE + 1_000);
      const second = await cycle();
      assert.equal(second.firings, 1);
      const page = (await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {})).json<{ total: number }>();
      assert.equal(page.total, 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(webhook.requests.length, 1);
    });
  });
}
