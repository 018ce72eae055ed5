import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount } from '../support/control-plane-client.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
// The evaluator's grid here is 5 minutes: 288 windows in 24 hours, so the preview judges every one of them.
const GRID = 5 * MINUTE;
const T0 = Math.floor(Date.now() / GRID) * GRID - 60 * MINUTE;
const NOW = T0 + 45 * MINUTE + 1_000;

interface Preview {
  from: string;
  to: string;
  complete: boolean;
  windowMinutes: number;
  windowsOnGrid: number;
  windowsJudged: number;
  stride: number;
  truncated: boolean;
  firings: { windowStart: string; windowEnd: string; severity: string; value: number; threshold: number; group: Record<string, string> }[];
}
interface Triggered {
  total: number;
  results: { alertId: number; severity: string; value: number; groupBy: Record<string, string>; alertWindowEndDate: number }[];
}

const uniqueUsers = {
  title: 'Many users failing on one host',
  searchTimeFrameMinutes: 5,
  subComponents: [
    {
      queryDefinition: {
        query: 'message:"login failed"',
        groupBy: ['host'],
        aggregation: { aggregationType: 'UNIQUE_COUNT', fieldToAggregateOn: 'user' },
      },
      trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { LOW: 2, HIGH: 3 } },
    },
  ],
};

/** Failed logins AND a slow 90th percentile on the same host. */
const slowAndFailing = {
  title: 'Failing and slow',
  searchTimeFrameMinutes: 5,
  subComponents: [
    {
      queryDefinition: { query: 'message:"login failed"', groupBy: ['host'], aggregation: { aggregationType: 'COUNT' } },
      trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { MEDIUM: 3 } },
    },
    {
      queryDefinition: {
        query: 'message:"request served"',
        groupBy: ['host'],
        aggregation: { aggregationType: 'PERCENTILE', fieldToAggregateOn: 'latency', valueToAggregateOn: '90' },
      },
      trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 500 } },
    },
  ],
  correlations: { correlationOperators: ['AND'], joins: [{ '0': 'host', '1': 'host' }] },
};

const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });
const failed = (offsetMs: number, host: string, user: string) => at(offsetMs, { message: 'login failed', host, user });
const served = (offsetMs: number, host: string, latency: number) => at(offsetMs, { message: 'request served', host, latency });

const LOGS = [
  // [T0+5, T0+10): web-1 three users failing and slow; web-2 one user twice.
  failed(6 * MINUTE, 'web-1', 'ann'),
  failed(6 * MINUTE + 1_000, 'web-1', 'bob'),
  failed(7 * MINUTE, 'web-1', 'cid'),
  failed(7 * MINUTE, 'web-2', 'ann'),
  failed(8 * MINUTE, 'web-2', 'ann'),
  ...[900, 950, 980, 990, 120].map((latency, i) => served(6 * MINUTE + i * 1_000, 'web-1', latency)),
  // [T0+20, T0+25): web-2 two users (LOW), fast: failing but not slow.
  failed(21 * MINUTE, 'web-2', 'ann'),
  failed(22 * MINUTE, 'web-2', 'bob'),
  failed(23 * MINUTE, 'web-2', 'bob'),
  served(21 * MINUTE, 'web-2', 100),
  // [T0+30, T0+35): web-1 failing and slow again, one user only.
  ...[31, 32, 33].map((minute) => failed(minute * MINUTE, 'web-1', 'dan')),
  ...[800, 810, 820].map((latency, i) => served(31 * MINUTE + i * 1_000, 'web-1', latency)),
];

for (const backend of controlPlaneBackends) {
  describe(`alert preview: the engine's judgement over the last 24 hours (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    const main = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);
    const triggered = async (): Promise<Triggered> => (await main('POST', '/v1/alerts/triggered-alerts', { size: 100 })).json<Triggered>();
    const ids: number[] = [];

    before(async () => {
      t = await startTestApp({
        backend,
        clock,
        env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_DETECTION_INTERVAL_SECONDS: '300', LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' },
        compose: { alertSettleDelayMs: 0 },
      });
      const { listenerUrl } = await t.listen();
      for (const alert of [uniqueUsers, slowAndFailing]) {
        const created = await main('POST', '/v2/alerts', alert);
        assert.equal(created.statusCode, 200, created.body);
        ids.push(created.json<{ id: number }>().id);
      }
      // The engine's watermark starts at T0; then time passes and the logs arrive.
      await t.app.detection.runCycle(new AbortController().signal);
      clock.set(NOW);
      await shipLogs(listenerUrl, t.shippingToken, 'app', LOGS);
    });
    after(async () => {
      await t.close();
    });

    it('answers the firings the engine then records on the same logs, for UNIQUE_COUNT and a PERCENTILE correlation', async () => {
      const previews: Preview[] = [];
      for (const id of ids) {
        const response = await main('POST', `/v2/alerts/${id}/preview`);
        assert.equal(response.statusCode, 200, response.body);
        previews.push(response.json<Preview>());
      }
      // An unsaved alert (the form's) previews the same.
      const draft = await main('POST', '/v2/alerts/preview', uniqueUsers);
      assert.equal(draft.statusCode, 200, draft.body);
      assert.deepEqual(draft.json<Preview>(), previews[0]);
      // Nothing was recorded or sent.
      assert.equal((await triggered()).total, 0);

      const [users, correlated] = previews as [Preview, Preview];
      assert.equal(users.complete, true);
      assert.equal(users.windowsOnGrid, 288);
      assert.equal(users.windowsJudged, 288);
      assert.equal(users.stride, 1);
      assert.equal(users.to, new Date(T0 + 45 * MINUTE).toISOString());
      assert.deepEqual(
        users.firings.map((firing) => [firing.windowEnd, firing.group.host, firing.severity, firing.value]),
        [
          [new Date(T0 + 25 * MINUTE).toISOString(), 'web-2', 'LOW', 2],
          [new Date(T0 + 10 * MINUTE).toISOString(), 'web-1', 'HIGH', 3],
        ],
      );
      assert.deepEqual(
        correlated.firings.map((firing) => [firing.windowEnd, firing.group.host, firing.severity]),
        [
          [new Date(T0 + 35 * MINUTE).toISOString(), 'web-1', 'HIGH'],
          [new Date(T0 + 10 * MINUTE).toISOString(), 'web-1', 'HIGH'],
        ],
      );

      // The engine judges the same windows (its grid from the watermark at T0) and records the same firings.
      while ((await t.app.detection.runCycle(new AbortController().signal)).windowsJudged > 0);
      const recorded = (await triggered()).results;
      for (const [index, id] of ids.entries()) {
        const fired = recorded
          .filter((firing) => firing.alertId === id)
          .map((firing) => [firing.alertWindowEndDate * 1000, firing.groupBy, firing.severity, firing.value])
          // Recorded in one catch-up, they share their firing time: newest window first, as the preview lists them.
          .sort((a, b) => Number(b[0]) - Number(a[0]));
        const previewed = (previews[index] as Preview).firings.map((firing) => [
          Date.parse(firing.windowEnd),
          firing.group,
          firing.severity,
          firing.value,
        ]);
        assert.deepEqual(fired, previewed);
      }
    });

    it("another account's alert is 404, and so is an id that is no alert", async () => {
      const sub = await createSubAccount(t);
      const other = await call(t, 'POST', `/v2/alerts/${ids[0] ?? 0}/preview`, sub.apiToken);
      assert.equal(other.statusCode, 404, other.body);
      assert.equal(other.json<{ errorCode: string }>().errorCode, 'alerts/ALERT_NOT_FOUND');
      assert.equal((await main('POST', '/v2/alerts/123456/preview')).statusCode, 404);
    });

    it('refuses bad bodies with 400, as a save would', async () => {
      const bad = [
        {},
        { ...uniqueUsers, searchTimeFrameMinutes: '5' },
        {
          ...uniqueUsers,
          subComponents: [{ ...uniqueUsers.subComponents[0], trigger: { operator: 'ABOUT', severityThresholdTiers: { LOW: 1 } } }],
        },
        {
          ...uniqueUsers,
          subComponents: [
            { ...uniqueUsers.subComponents[0], queryDefinition: { query: '*', aggregation: { aggregationType: 'UNIQUE_COUNT' } } },
          ],
        },
        { ...slowAndFailing, correlations: { joins: [{ '0': 'host', '5': 'host' }] } },
      ];
      for (const body of bad) {
        const response = await main('POST', '/v2/alerts/preview', body);
        assert.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
      }
    });
  });
}
