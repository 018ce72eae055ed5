import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { shapeMismatches } from '../support/json-shape.js';
import { readLogzioFixture } from '../support/logzio-fixtures.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

type Json = Record<string, unknown>;

/** What a client sends: the fixture without what the server answers (id, times, authors). */
function requestOf(fixture: Json, endpointIds: readonly number[]): Json {
  const { id: _id, createdAt: _ca, updatedAt: _ua, createdBy: _cb, updatedBy: _ub, ...rest } = fixture;
  const recipients = rest.recipients as Json | undefined;
  return recipients?.notificationEndpointIds === undefined
    ? rest
    : { ...rest, recipients: { ...recipients, notificationEndpointIds: endpointIds } };
}

for (const backend of controlPlaneBackends) {
  describe(`unified log alerts /v2/unified-alerts/logs (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let listenerUrl = '';
    const endpointIds: number[] = [];
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);

    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' }, compose: { alertSettleDelayMs: 0 } });
      listenerUrl = (await t.listen()).listenerUrl;
      for (const title of ['one', 'two']) {
        const endpoint = await api('POST', '/v1/endpoints/custom', { title, url: 'http://127.0.0.1:9/none', method: 'POST' });
        assert.equal(endpoint.statusCode, 200, endpoint.body);
        endpointIds.push(endpoint.json<{ id: number }>().id);
      }
    });
    after(async () => t.close());

    it('creates, reads, updates and deletes in the fixture shapes, field by field', async () => {
      const createFixture = readLogzioFixture('unified_alerts', 'create_unified_alert_log.json') as Json;
      const created = await api('POST', '/v2/unified-alerts/logs', requestOf(createFixture, endpointIds));
      assert.equal(created.statusCode, 200, created.body);
      const body = created.json<Json>();
      assert.deepEqual(shapeMismatches(body, createFixture), []);
      // Every field the client sent comes back as sent (the fixture's own values).
      for (const field of ['title', 'description', 'tags', 'linkedPanel', 'enabled', 'createdBy']) {
        assert.deepEqual(body[field], field === 'createdBy' ? t.config.bootstrapAdminEmail : createFixture[field], field);
      }
      assert.deepEqual(body.recipients, { emails: ['test@example.com'], notificationEndpointIds: endpointIds });
      const configuration = body.alertConfiguration as Json;
      const fixtureConfiguration = createFixture.alertConfiguration as Json;
      for (const field of ['type', 'suppressNotificationsMinutes', 'alertOutputTemplateType', 'searchTimeFrameMinutes', 'schedule']) {
        assert.deepEqual(configuration[field], fixtureConfiguration[field], field);
      }
      const [sub] = configuration.subComponents as Json[];
      const [fixtureSub] = fixtureConfiguration.subComponents as Json[];
      assert.deepEqual(sub?.trigger, fixtureSub?.trigger);
      assert.deepEqual(sub?.output, fixtureSub?.output);
      assert.deepEqual(sub?.queryDefinition, fixtureSub?.queryDefinition);
      assert.equal(body.createdAt, Math.floor((T0 + 1_000) / 1000));
      const id = body.id as string;
      assert.match(id, /^-?\d+$/);

      const read = await api('GET', `/v2/unified-alerts/logs/${id}`);
      assert.equal(read.statusCode, 200, read.body);
      assert.deepEqual(read.json(), body);
      // The get fixture is another alert: its severity tiers are a map whose keys are data, not shape.
      const getFixture = readLogzioFixture('unified_alerts', 'get_unified_alert.json') as {
        alertConfiguration: { subComponents: { trigger: { severityThresholdTiers: Json } }[] };
      };
      for (const fixtureSub of getFixture.alertConfiguration.subComponents) fixtureSub.trigger.severityThresholdTiers = {};
      assert.deepEqual(shapeMismatches(read.json(), getFixture), []);

      clock.advance(1_000);
      const updateFixture = readLogzioFixture('unified_alerts', 'update_unified_alert.json') as Json;
      const updated = await api('PUT', `/v2/unified-alerts/logs/${id}`, requestOf(updateFixture, []));
      assert.equal(updated.statusCode, 200, updated.body);
      const updatedBody = updated.json<Json>();
      assert.deepEqual(shapeMismatches(updatedBody, updateFixture), []);
      assert.equal(updatedBody.title, 'Updated Alert');
      assert.deepEqual(updatedBody.linkedPanel, { folderId: 'folder-update' });
      assert.equal((updatedBody.alertConfiguration as Json).searchTimeFrameMinutes, 20);
      assert.equal(updatedBody.updatedAt, Math.floor((T0 + 2_000) / 1000));
      assert.equal(updatedBody.createdAt, body.createdAt);

      const deleted = await api('DELETE', `/v2/unified-alerts/logs/${id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      // The delete fixture is a metrics alert: its top level is the shape a deleted log alert answers.
      const { alertConfiguration: _metric, ...deleteTop } = readLogzioFixture('unified_alerts', 'delete_unified_alert.json') as Json;
      assert.deepEqual(shapeMismatches(deleted.json(), deleteTop), []);
      assert.deepEqual(deleted.json(), updatedBody);
      for (const [method, url] of [
        ['GET', `/v2/unified-alerts/logs/${id}`],
        ['PUT', `/v2/unified-alerts/logs/${id}`],
        ['DELETE', `/v2/unified-alerts/logs/${id}`],
        ['GET', '/v2/unified-alerts/logs/not-a-number'],
        ['GET', '/v2/unified-alerts/logs/99999999999'],
      ] as const) {
        const missing = await api(method, url, method === 'PUT' ? requestOf(updateFixture, []) : undefined);
        assert.equal(missing.statusCode, 404, `${method} ${url}: ${missing.body}`);
      }
    });

    it('answers metrics alerts with a clear 400', async () => {
      const metricFixture = readLogzioFixture('unified_alerts', 'create_unified_alert_metric.json') as Json;
      for (const [method, url, payload] of [
        ['POST', '/v2/unified-alerts/metrics', requestOf(metricFixture, endpointIds)],
        ['POST', '/v2/unified-alerts/logs', requestOf(metricFixture, endpointIds)],
        ['GET', '/v2/unified-alerts/metrics/123', undefined],
        ['DELETE', '/v2/unified-alerts/metrics/123', undefined],
      ] as const) {
        const response = await api(method, url, payload);
        assert.equal(response.statusCode, 400, `${method} ${url}`);
        assert.match(response.json<{ message: string }>().message, /metrics accounts are not part of Logward/);
        assert.equal(response.json<{ errorCode: string }>().errorCode, 'alerts/METRICS_ALERTS_NOT_SUPPORTED');
      }
      const noSubs = await api('POST', '/v2/unified-alerts/logs', { title: 'x', alertConfiguration: { type: 'LOG_ALERT' } });
      assert.equal(noSubs.statusCode, 400);
      assert.match(noSubs.body, /subComponents/);
    });

    it('is one alert through both APIs: made through one, fired and read through the other', async () => {
      const created = await api('POST', '/v2/unified-alerts/logs', {
        title: 'Checkout errors',
        linkedPanel: { folderId: 'f', dashboardId: 'd', panelId: 'p' },
        runbook: 'restart checkout',
        alertConfiguration: {
          type: 'LOG_ALERT',
          searchTimeFrameMinutes: 5,
          subComponents: [
            {
              queryDefinition: { query: 'service:checkout AND level:ERROR', aggregation: { aggregationType: 'COUNT' } },
              trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 2 } },
            },
          ],
        },
      });
      assert.equal(created.statusCode, 200, created.body);
      const id = Number(created.json<{ id: string }>().id);
      const viaAlerts = await api('GET', `/v2/alerts/${id}`);
      assert.equal(viaAlerts.statusCode, 200, viaAlerts.body);
      assert.equal(viaAlerts.json<{ title: string }>().title, 'Checkout errors');
      assert.equal(viaAlerts.json<Json>().linkedPanel, undefined);

      await t.app.detection.runCycle(new AbortController().signal);
      await shipLogs(listenerUrl, t.shippingToken, 'app', [
        { '@timestamp': new Date(T0 + 10_000).toISOString(), service: 'checkout', level: 'ERROR', message: 'card declined' },
        { '@timestamp': new Date(T0 + 11_000).toISOString(), service: 'checkout', level: 'ERROR', message: 'card declined' },
      ]);
      clock.set(T0 + MINUTE + 1_000);
      assert.equal((await t.app.detection.runCycle(new AbortController().signal)).firings, 1);
      const triggered = await api('POST', '/v1/alerts/triggered-alerts', { size: 10 });
      const results = triggered.json<{ results: { alertId: number; name: string; severity: string }[] }>().results;
      assert.deepEqual(
        results.filter((result) => result.alertId === id).map((result) => [result.name, result.severity]),
        [['Checkout errors', 'HIGH']],
      );

      // A replace through /v2/alerts (which has no such fields) keeps the unified fields.
      const { id: _id, createdAt: _c, createdBy: _cb, updatedAt: _u, updatedBy: _ub, ...definition } = viaAlerts.json<Json>();
      const replaced = await api('PUT', `/v2/alerts/${id}`, { ...definition, title: 'Checkout errors (v2)', schedule: {} });
      assert.equal(replaced.statusCode, 200, replaced.body);
      const again = (await api('GET', `/v2/unified-alerts/logs/${id}`)).json<Json>();
      assert.equal(again.title, 'Checkout errors (v2)');
      assert.deepEqual(again.linkedPanel, { folderId: 'f', dashboardId: 'd', panelId: 'p' });
      assert.equal(again.runbook, 'restart checkout');

      // And the other way: an alert of /v2/alerts reads and disables through the unified API.
      const v2 = await api('POST', '/v2/alerts', {
        title: 'Made through v2',
        subComponents: [{ queryDefinition: { query: 'x' }, trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 1 } } }],
      });
      assert.equal(v2.statusCode, 200, v2.body);
      const v2Id = v2.json<{ id: number }>().id;
      const asUnified = await api('GET', `/v2/unified-alerts/logs/${v2Id}`);
      assert.equal(asUnified.statusCode, 200, asUnified.body);
      assert.equal(asUnified.json<Json>().title, 'Made through v2');
      assert.equal((await api('POST', `/v2/unified-alerts/logs/${v2Id}/disable`)).statusCode, 204);
      assert.equal((await api('GET', `/v2/alerts/${v2Id}`)).json<{ enabled: boolean }>().enabled, false);
    });
  });
}
