import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { shipLogs } from '../support/ship-logs.js';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
// A recent minute boundary, so the logs are inside every search window and retention.
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

interface TriggeredPage {
  total: number;
  results: {
    alertId: number;
    name: string;
    severity: string;
    groupBy: Record<string, string>;
    value: number;
    alertWindowEndDate: number;
    notificationState: string;
  }[];
}

for (const backend of controlPlaneBackends) {
  describe(`alerts fire through the real API (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let webhook: HttpReceiver;
    let smtp: SmtpReceiver;
    let listenerUrl = '';
    let endpointId = 0;

    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
      const response = await t.api.inject({
        method,
        url,
        headers: { 'x-api-token': t.apiToken },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return response;
    };
    const cycle = () => t.app.alertEvaluation.runCycle(new AbortController().signal);
    const triggered = async (search?: string): Promise<TriggeredPage> =>
      (await call('POST', '/v1/alerts/triggered-alerts', { size: 100, ...(search === undefined ? {} : { search }) })).json<TriggeredPage>();
    const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });

    before(async () => {
      webhook = await startHttpReceiver();
      smtp = await startSmtpReceiver();
      t = await startTestApp({
        backend,
        clock,
        env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_SMTP_URL: smtp.url },
        compose: { alertSettleDelayMs: 0, deliveryRetryPolicy: { maxAttempts: 2, baseDelayMs: 10, timeoutMs: 2_000 } },
      });
      listenerUrl = (await t.listen()).listenerUrl;
      const created = await call('POST', '/v1/endpoints/custom', {
        title: 'receiver',
        url: `${webhook.url}/alerts`,
        method: 'POST',
        headers: 'X-Token=abc',
        bodyTemplate: {
          title: '{{alert_title}}',
          severity: '{{alert_severity}}',
          groups: '{{alert_group_by}}',
          samples: '{{alert_event_samples}}',
        },
      });
      endpointId = created.json<{ id: number }>().id;
    });
    after(async () => {
      await t.close();
      await webhook.close();
      await smtp.close();
    });

    it('fires once per incident and group when the threshold is crossed, never below it, and suppresses repeats', async () => {
      const created = await call('POST', '/v2/alerts', {
        title: 'Errors per host',
        description: 'Too many errors',
        tags: ['prod'],
        searchTimeFrameMinutes: 5,
        output: {
          recipients: { emails: ['oncall@example.com'], notificationEndpointIds: [endpointId] },
          suppressNotificationsMinutes: 10,
          type: 'JSON',
        },
        subComponents: [
          {
            queryDefinition: { query: 'level:ERROR', groupBy: ['host'], aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 3, SEVERE: 100 } },
            output: { shouldUseAllFields: true },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const alertId = created.json<{ id: number }>().id;

      // First cycle: the newest window [T0-5m, T0) holds nothing.
      let report = await cycle();
      assert.equal(report.firings, 0);

      await shipLogs(listenerUrl, t.shippingToken, 'app', [
        at(10_000, { level: 'ERROR', host: 'web-1', message: 'boom 1' }),
        at(11_000, { level: 'ERROR', host: 'web-1', message: 'boom 2' }),
        at(12_000, { level: 'ERROR', host: 'web-1', message: 'boom 3' }),
        at(13_000, { level: 'ERROR', host: 'web-2', message: 'boom 4' }),
        at(14_000, { level: 'ERROR', host: 'web-2', message: 'boom 5' }),
        at(15_000, { level: 'INFO', host: 'web-2', message: 'fine' }),
      ]);

      clock.set(T0 + MINUTE + 1_000);
      report = await cycle();
      assert.equal(report.firings, 1);
      // The same cycle again judges nothing twice.
      assert.equal((await cycle()).firings, 0);

      const page = await triggered('errors per');
      assert.equal(page.total, 1);
      const first = page.results[0];
      assert.ok(first);
      assert.equal(first.alertId, alertId);
      assert.equal(first.severity, 'HIGH');
      assert.deepEqual(first.groupBy, { host: 'web-1' });
      assert.equal(first.value, 3);
      assert.equal(first.alertWindowEndDate, (T0 + MINUTE) / 1000);
      assert.equal(first.notificationState, 'notified');

      await webhook.waitFor(1);
      assert.equal(webhook.requests.length, 1);
      const delivered = JSON.parse(webhook.requests[0]?.body ?? '{}') as {
        title: string;
        severity: string;
        groups: Record<string, string>;
        samples: { message: string }[];
      };
      assert.equal(delivered.title, 'Errors per host');
      assert.equal(delivered.severity, 'HIGH');
      assert.deepEqual(delivered.groups, { host: 'web-1' });
      assert.equal(delivered.samples.length, 3);
      assert.equal(webhook.requests[0]?.headers['x-token'], 'abc');
      assert.equal(smtp.mails.length, 1);
      assert.deepEqual(smtp.mails[0]?.to, ['oncall@example.com']);
      assert.match(smtp.mails[0]?.data ?? '', /Errors per host/);

      // The next window still holds the three errors: the incident fired already, nothing new (once per incident).
      clock.set(T0 + 2 * MINUTE + 1_000);
      assert.equal((await cycle()).firings, 0);
      assert.equal((await triggered('errors per')).total, 1);

      // A climb to SEVERE within the incident fires, but its notification is suppressed.
      await shipLogs(
        listenerUrl,
        t.shippingToken,
        'app',
        Array.from({ length: 97 }, (_, i) => at(2 * MINUTE + 5_000 + i * 10, { level: 'ERROR', host: 'web-1', message: `boom ${i}` })),
      );
      clock.set(T0 + 3 * MINUTE + 1_000);
      assert.equal((await cycle()).firings, 1);
      const again = await triggered('errors per');
      assert.equal(again.total, 2);
      assert.equal(again.results[0]?.severity, 'SEVERE');
      assert.equal(again.results[0]?.notificationState, 'suppressed');
      assert.equal(webhook.requests.length, 1);
      assert.equal(smtp.mails.length, 1);

      // The event log is searchable by the existence of service-alert.
      const events = await call('POST', '/v1/search', { query: { query_string: { query: '_exists_:service-alert' } }, size: 10 });
      assert.equal(events.statusCode, 200, events.body);
      assert.equal(events.json<{ hits: { total: number } }>().hits.total, 2);

      assert.equal((await call('POST', `/v2/alerts/${alertId}/disable`)).statusCode, 204);
    });

    it('correlates sub-components with AND and a join, firing per group', async () => {
      await shipLogs(listenerUrl, t.shippingToken, 'app', [
        at(3 * MINUTE + 1_000, { level: 'FATAL', host: 'db-1', message: 'fatal a' }),
        at(3 * MINUTE + 2_000, { level: 'FATAL', host: 'db-2', message: 'fatal b' }),
        at(3 * MINUTE + 3_000, { level: 'SLOW', host: 'db-1', message: 'slow a' }),
      ]);
      const created = await call('POST', '/v2/alerts', {
        title: 'Fatal and slow on the same host',
        searchTimeFrameMinutes: 5,
        sendToAll: true,
        output: { recipients: { emails: ['dba@example.com', 'sre@example.com'] } },
        subComponents: [
          {
            queryDefinition: { query: 'level:FATAL', groupBy: ['host'], aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { MEDIUM: 1 } },
          },
          {
            queryDefinition: { query: 'level:SLOW', groupBy: ['host'], aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { SEVERE: 1 } },
          },
        ],
        correlations: { correlationOperators: ['AND'], joins: [{ '0': 'host', '1': 'host' }] },
      });
      assert.equal(created.statusCode, 200, created.body);
      const mailsBefore = smtp.mails.length;
      clock.set(T0 + 4 * MINUTE + 1_000);
      await cycle();
      // sendToAll: one e-mail addressed to both recipients.
      assert.equal(smtp.mails.length, mailsBefore + 1);
      assert.deepEqual(smtp.mails[mailsBefore]?.to, ['dba@example.com', 'sre@example.com']);
      const page = await triggered('fatal and slow');
      assert.equal(page.total, 1);
      assert.deepEqual(page.results[0]?.groupBy, { host: 'db-1' });
      assert.equal(page.results[0]?.severity, 'SEVERE');
      assert.equal((await call('DELETE', `/v2/alerts/${created.json<{ id: number }>().id}`)).statusCode, 200);
    });

    it('a restart between recording a firing and notifying neither loses nor doubles it', async () => {
      await shipLogs(listenerUrl, t.shippingToken, 'app', [at(5 * MINUTE + 1_000, { level: 'CRIT', host: 'lb-1', message: 'crit' })]);
      const created = await call('POST', '/v2/alerts', {
        title: 'Any crit',
        searchTimeFrameMinutes: 5,
        output: { recipients: { notificationEndpointIds: [endpointId] }, suppressNotificationsMinutes: 60 },
        subComponents: [
          {
            queryDefinition: { query: 'level:CRIT', aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 0 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const before = webhook.requests.length;
      clock.set(T0 + 6 * MINUTE + 1_000);
      // The cycle is cut after the judgement is stored: the process "dies" before notifying.
      const judged = await t.app.alertEvaluation.judgeDue(new AbortController().signal);
      assert.equal(judged.firings, 1);
      assert.equal(webhook.requests.length, before);
      assert.equal((await triggered('any crit')).results[0]?.notificationState, 'pending');

      // After the restart the next cycle judges no window twice and sends the pending notification once.
      clock.set(T0 + 6 * MINUTE + 30_000);
      const report = await cycle();
      assert.equal(report.firings, 0);
      await webhook.waitFor(before + 1);
      assert.equal((await triggered('any crit')).total, 1);
      assert.equal((await triggered('any crit')).results[0]?.notificationState, 'notified');
      assert.equal((await cycle()).dispatched, 0);
      assert.equal(webhook.requests.length, before + 1);

      // A crash after notifying but before the firing was marked: the retry neither re-sends nor re-logs it.
      const countEvents = async () =>
        (
          await call('POST', '/v1/search', {
            query: { query_string: { query: '_exists_:service-alert AND service-alert:"Any crit"' } },
            size: 0,
          })
        ).json<{ hits: { total: number } }>().hits.total;
      assert.equal(await countEvents(), 1);
      await t.app.controlPlane.db
        .updateTable('detection_firings')
        .set({ notification_state: 'pending' })
        .where('name', '=', 'Any crit')
        .execute();
      assert.equal((await cycle()).dispatched, 1);
      assert.equal(webhook.requests.length, before + 1);
      assert.equal(await countEvents(), 1);
      assert.equal((await triggered('any crit')).results[0]?.notificationState, 'notified');
    });
  });
}
