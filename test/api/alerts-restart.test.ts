import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { composeApp, type App } from '../../src/app/compose.js';
import { createLogger } from '../../src/app/create-logger.js';
import { loadConfig } from '../../src/config/index.js';
import { openControlPlane, type ControlPlane } from '../../src/storage/control-plane/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startHttpReceiver } from '../support/http-receiver.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, TEST_API_TOKEN, TEST_SHIPPING_TOKEN } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 20 * MINUTE;

for (const backend of controlPlaneBackends) {
  describe(`alert firings survive a restart (${backend.name})`, () => {
    it('a process stopped between recording a firing and notifying: the next process sends it once, judges nothing twice', async () => {
      const opened = await backend.open();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-restart-'));
      const webhook = await startHttpReceiver();
      const clock = createManualClock(T0 + 1_000);
      const config = loadConfig({
        LOGWARD_DATA_DIR: dataDir,
        LOGWARD_API_PORT: '0',
        LOGWARD_LISTENER_PORT: '0',
        LOGWARD_SYSLOG_TCP_PORT: '0',
        LOGWARD_SYSLOG_UDP_PORT: '0',
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_ROLES: 'api,ingest',
        LOGWARD_BOOTSTRAP_API_TOKEN: TEST_API_TOKEN,
        LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: TEST_SHIPPING_TOKEN,
        LOGWARD_CONTROL_PLANE_URL: opened.url,
        // One in-process app on a PostgreSQL schema with its own embedded log store (see LOGWARD_SINGLE_NODE).
        LOGWARD_SINGLE_NODE: 'true',
        // The webhook receiver is on loopback, which user-given URLs may not reach by default (decision 0350).
        LOGWARD_OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      });
      const compose = (controlPlane: ControlPlane): Promise<App> =>
        composeApp({
          config,
          clock,
          logger: createLogger('silent'),
          controlPlane,
          alertSettleDelayMs: 0,
          deliveryRetryPolicy: { maxAttempts: 2, baseDelayMs: 10, timeoutMs: 2_000 },
        });
      const call = (app: App, method: 'GET' | 'POST', url: string, payload?: unknown) =>
        app.api.inject({
          method,
          url,
          headers: { 'x-api-token': TEST_API_TOKEN },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const triggered = async (app: App) =>
        (await call(app, 'POST', '/v1/alerts/triggered-alerts', {})).json<{ total: number; results: { notificationState: string }[] }>();
      try {
        const first = await compose(opened.controlPlane);
        await first.start();
        const endpoint = await call(first, 'POST', '/v1/endpoints/slack', { title: 'hook', url: `${webhook.url}/slack` });
        const alert = await call(first, 'POST', '/v2/alerts', {
          title: 'Payment failures',
          output: { recipients: { notificationEndpointIds: [endpoint.json<{ id: number }>().id] } },
          subComponents: [
            {
              queryDefinition: { query: 'event:payment_failed', aggregation: { aggregationType: 'COUNT' } },
              trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { SEVERE: 2 } },
            },
          ],
        });
        assert.equal(alert.statusCode, 200, alert.body);
        const listenerUrl = `http://127.0.0.1:${first.ingestPorts()?.listenerPort ?? 0}`;
        await shipLogs(listenerUrl, TEST_SHIPPING_TOKEN, 'events', [
          { '@timestamp': new Date(T0 + 5_000).toISOString(), event: 'payment_failed' },
          { '@timestamp': new Date(T0 + 6_000).toISOString(), event: 'payment_failed' },
        ]);
        clock.set(T0 + MINUTE + 1_000);
        // The first process judges the window and records the firing, then stops before notifying.
        assert.equal((await first.alertEvaluation.judgeDue(new AbortController().signal)).firings, 1);
        await first.stop();
        assert.equal(webhook.requests.length, 0);

        // A new process on the same stores.
        const reopened = await openControlPlane(
          opened.url,
          opened.postgresSchema === undefined ? {} : { postgresSchema: opened.postgresSchema },
        );
        const second = await compose(reopened);
        try {
          assert.equal((await triggered(second)).results[0]?.notificationState, 'pending');
          const report = await second.alertEvaluation.runCycle(new AbortController().signal);
          assert.equal(report.firings, 0);
          assert.equal(report.dispatched, 1);
          await webhook.waitFor(1);
          const page = await triggered(second);
          assert.equal(page.total, 1);
          assert.equal(page.results[0]?.notificationState, 'notified');
          assert.equal((await second.alertEvaluation.runCycle(new AbortController().signal)).dispatched, 0);
          assert.equal(webhook.requests.length, 1);
          assert.match(webhook.requests[0]?.body ?? '', /Payment failures/);
        } finally {
          await second.stop();
        }
      } finally {
        await webhook.close();
        await opened.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('an event-log batch a crash interrupted after its insert is written again once, not twice', async () => {
      const clock = createManualClock(T0 + 1_000);
      const test = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' }, compose: { alertSettleDelayMs: 0 } });
      const { app } = test;
      const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
        app.api.inject({
          method,
          url,
          headers: { 'x-api-token': TEST_API_TOKEN },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const eventLogs = async () =>
        (await call('POST', '/v1/search', { query: { query_string: { query: '_exists_:service-alert' } }, size: 0 })).json<{
          hits: { total: number };
        }>().hits.total;
      try {
        const { listenerUrl } = await test.listen();
        for (const event of ['login_failed', 'payment_failed']) {
          const alert = await call('POST', '/v2/alerts', {
            title: `Too many ${event}`,
            subComponents: [
              {
                queryDefinition: { query: `event:${event}`, aggregation: { aggregationType: 'COUNT' } },
                trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 1 } },
              },
            ],
          });
          assert.equal(alert.statusCode, 200, alert.body);
        }
        await shipLogs(listenerUrl, TEST_SHIPPING_TOKEN, 'events', [
          { '@timestamp': new Date(T0 + 5_000).toISOString(), event: 'payment_failed' },
          { '@timestamp': new Date(T0 + 6_000).toISOString(), event: 'login_failed' },
        ]);
        clock.set(T0 + MINUTE + 1_000);
        assert.equal((await app.alertEvaluation.judgeDue(new AbortController().signal)).firings, 2);
        // What a crash leaves: both firings given to one batch, the batch's insert done, the firings not yet marked.
        const db = app.controlPlane.db;
        await db.updateTable('detection_firings').set({ event_log_batch: 'alert-events:crashed' }).execute();
        const firings = await db.selectFrom('detection_firings').selectAll().execute();
        await app.logStore.append(
          firings.map((row) => ({
            id: `crashed-${row.id}`,
            accountId: row.account_id,
            timestampMs: row.event_date,
            receivedAtMs: clock.now(),
            type: 'logward-alert',
            message: 'x',
            fields: { 'service-alert': row.name },
            sizeBytes: 1,
          })),
          { dedupToken: 'alert-events:crashed', retentionDaysOf: () => 30 },
        );
        assert.equal(await eventLogs(), 2);
        const report = await app.alertEvaluation.runCycle(new AbortController().signal);
        assert.equal(report.dispatched, 2);
        assert.equal(await eventLogs(), 2);
        const states = (await db.selectFrom('detection_firings').select('notification_state').execute()).map(
          (row) => row.notification_state,
        );
        assert.deepEqual(states, ['notified', 'notified']);
      } finally {
        await test.close();
      }
    });
  });
}
