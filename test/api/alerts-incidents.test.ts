import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { openLogReader } from '../support/log-reader.js';
import { createSecurityAccount, disableAllRules, type TestSecurityAccount } from '../support/security-accounts.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const SECOND = 1_000;
const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

interface Triggered {
  total: number;
  results: { alertId: number; alertEventId: string; severity: string; alertWindowEndDate: number; notificationState: string }[];
}

for (const backend of controlPlaneBackends) {
  describe(`alerts and security rules fire once per incident (${backend.name})`, () => {
    const clock = createManualClock(T0 + SECOND);
    let t: TestApp;
    let webhook: HttpReceiver;
    let listenerUrl = '';
    let siem: TestSecurityAccount;
    let endpointId = 0;
    const main = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);
    const cycle = () => t.app.detection.runCycle(new AbortController().signal);
    /** Every 10-s cycle from the clock's time until `untilMs` (T0-relative), as the scheduler would run them. */
    const cyclesUntil = async (untilMs: number): Promise<number> => {
      let firings = 0;
      while (clock.now() < T0 + untilMs) {
        clock.advance(10 * SECOND);
        firings += (await cycle()).firings;
      }
      return firings;
    };
    const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });
    const triggered = async (): Promise<Triggered> => (await main('POST', '/v1/alerts/triggered-alerts', { size: 100 })).json<Triggered>();

    before(async () => {
      webhook = await startHttpReceiver();
      t = await startTestApp({
        backend,
        clock,
        env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_DETECTION_INTERVAL_SECONDS: '10', LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' },
        compose: { alertSettleDelayMs: 0, deliveryRetryPolicy: { maxAttempts: 2, baseDelayMs: 10, timeoutMs: 2_000 } },
      });
      listenerUrl = (await t.listen()).listenerUrl;
      siem = await createSecurityAccount(t, { accountsToScan: [t.mainAccountId] });
      await disableAllRules(t, siem.apiToken);
      const endpoint = await main('POST', '/v1/endpoints/custom', { title: 'refusing', url: `${webhook.url}/hook`, method: 'POST' });
      assert.equal(endpoint.statusCode, 200, endpoint.body);
      endpointId = endpoint.json<{ id: number }>().id;
    });
    after(async () => {
      await t.close();
      await webhook.close();
    });

    it('one matching log: one alert firing and one security event over every 10-s cycle of its window', async () => {
      // No aggregation: a count (SPEC.md), accepted for alerts as for rules.
      const alert = await main('POST', '/v2/alerts', {
        title: 'Root shell',
        searchTimeFrameMinutes: 5,
        subComponents: [
          {
            queryDefinition: { query: 'message:"COMMAND=/bin/sh"' },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
          },
        ],
      });
      assert.equal(alert.statusCode, 200, alert.body);
      const alertBody = alert.json<{ schedule: unknown; subComponents: { queryDefinition: { aggregation: unknown } }[] }>();
      assert.deepEqual(alertBody.schedule, { cronExpression: null, timezone: 'UTC' });
      assert.deepEqual(alertBody.subComponents[0]?.queryDefinition.aggregation, { aggregationType: 'COUNT' });
      const rule = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
        title: 'Sudo to a root shell',
        searchTimeFrameMinutes: 5,
        subComponents: [
          {
            queryDefinition: { query: 'message:"COMMAND=/bin/sh"', shouldQueryOnAllAccounts: true },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 1 } },
          },
        ],
      });
      assert.equal(rule.statusCode, 201, rule.body);

      assert.equal(await cyclesUntil(20 * SECOND), 0);
      await shipLogs(listenerUrl, t.shippingToken, 'syslog', [
        at(25 * SECOND, { program: 'sudo', message: 'alice : TTY=pts/0 ; USER=root ; COMMAND=/bin/sh' }),
      ]);
      // 30 windows of 5 minutes on a 10-s grid hold the log; one incident.
      assert.equal(await cyclesUntil(7 * MINUTE), 2);
      const page = await triggered();
      assert.equal(page.total, 1);
      assert.equal(page.results[0]?.alertWindowEndDate, (T0 + 30 * SECOND) / 1000);
      const events = await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {});
      assert.equal(events.json<{ total: number }>().total, 1);
      const logged = await main('POST', '/v1/search', { query: { query_string: { query: '_exists_:service-alert' } }, size: 0 });
      assert.equal(logged.json<{ hits: { total: number } }>().hits.total, 1);
    });

    it('fires again for new matching logs once the window that fired has passed, and on escalation within it', async () => {
      const created = await main('POST', '/v2/alerts', {
        title: 'Disk errors',
        searchTimeFrameMinutes: 5,
        subComponents: [
          {
            queryDefinition: { query: 'message:"disk error"', aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { LOW: 1, HIGH: 5 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const alertId = created.json<{ id: number }>().id;
      const mine = async () => (await triggered()).results.filter((result) => result.alertId === alertId);
      const disk = (offsetMs: number, n = 1) => Array.from({ length: n }, (_, i) => at(offsetMs + i * 100, { message: 'disk error' }));

      await cyclesUntil(7 * MINUTE + 10 * SECOND);
      await shipLogs(listenerUrl, t.shippingToken, 'app', disk(7 * MINUTE + 15 * SECOND));
      assert.equal(await cyclesUntil(8 * MINUTE), 1);
      // Within the incident: a second log neither fires nor is lost …
      await shipLogs(listenerUrl, t.shippingToken, 'app', disk(8 * MINUTE + 5 * SECOND));
      assert.equal(await cyclesUntil(9 * MINUTE), 0);
      // … a climb to HIGH fires at once …
      await shipLogs(listenerUrl, t.shippingToken, 'app', disk(9 * MINUTE + 5 * SECOND, 4));
      assert.equal(await cyclesUntil(9 * MINUTE + 20 * SECOND), 1);
      assert.deepEqual(
        (await mine()).map((firing) => firing.severity),
        ['HIGH', 'LOW'],
      );
      // … and the window after the one that fired HIGH holds only newer logs: quiet until then, none after.
      assert.equal(await cyclesUntil(14 * MINUTE + 30 * SECOND), 0);
      await shipLogs(listenerUrl, t.shippingToken, 'app', disk(14 * MINUTE + 35 * SECOND));
      assert.equal(await cyclesUntil(15 * MINUTE), 1);
      const firings = await mine();
      assert.equal(firings.length, 3);
      assert.equal(firings[0]?.severity, 'LOW');
      assert.equal(firings[0]?.alertWindowEndDate, (T0 + 14 * MINUTE + 40 * SECOND) / 1000);
      assert.equal((await main('POST', `/v2/alerts/${alertId}/disable`)).statusCode, 204);
    });

    it('a firing whose delivery was refused says so in its state and the event log, never notified', async () => {
      const created = await main('POST', '/v2/alerts', {
        title: 'Payment failures',
        searchTimeFrameMinutes: 5,
        output: { recipients: { notificationEndpointIds: [endpointId] } },
        subComponents: [
          {
            queryDefinition: { query: 'message:"payment failed"' },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { MEDIUM: 0 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      webhook.respondWith([403, 403]);
      await shipLogs(listenerUrl, t.shippingToken, 'app', [at(15 * MINUTE + 5 * SECOND, { message: 'payment failed' })]);
      assert.equal(await cyclesUntil(15 * MINUTE + 10 * SECOND), 1);
      await webhook.waitFor(1);
      const firing = (await triggered()).results.find((result) => result.alertId === created.json<{ id: number }>().id);
      assert.equal(firing?.notificationState, 'failed');

      const reader = openLogReader(t.config);
      const logs = await reader.logs(t.mainAccountId);
      reader.close();
      const failure = logs.find((log) => log.source.notificationEventId === firing.alertEventId);
      assert.ok(failure !== undefined, 'a delivery-failure event log');
      assert.equal(failure.source.notificationState, 'failed');
      assert.match(failure.message, /Notification of "Payment failures" failed: endpoint \d+: .*403/);
      assert.equal(failure.type, 'logward-alert');
    });
  });
}
