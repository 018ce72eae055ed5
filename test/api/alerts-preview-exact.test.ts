import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { definitionFromRequest, type AlertRequest, type RulePreview } from '../../src/detection/index.js';
import { alertRuleOf, createAlertRuleKind, type Alert, type AlertRule } from '../../src/modules/alerts/index.js';
import type { RuleKind } from '../../src/detection/index.js';
import { controlPlaneBackends, type OpenedControlPlane } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { seededRandom } from '../support/seeded-random.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The exact preview (decision 0780) at the default 60-s interval: its 1,440 windows, computed from per-minute
 * partials, must fire exactly as judging every window on its own (the slow way: one store question per window), for
 * COUNT, SUM, MIN, MAX, AVG and PERCENTAGE, grouped and not, with severity tiers.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Math.floor(Date.now() / MINUTE) * MINUTE + 17_000;
const HOSTS = ['web-1', 'web-2', 'db-1'];

/** Logs over the last 24 h and a bit: a steady trickle per host, with bursts (and quiet hours) to cross thresholds. */
function spreadLogs(): Record<string, unknown>[] {
  const random = seededRandom(49);
  const logs: Record<string, unknown>[] = [];
  for (let t = NOW - DAY - 30 * MINUTE; t < NOW; t += random.int(5_000, 70_000)) {
    const burst = random.chance(0.04) ? random.int(3, 12) : 1;
    for (let i = 0; i < burst; i += 1) {
      const at = t + i * random.int(0, 9_000);
      if (at >= NOW) break;
      logs.push({
        '@timestamp': new Date(at).toISOString(),
        message: random.chance(0.7) ? 'request served' : 'request failed',
        host: random.pick(HOSTS),
        // Integers: their sums and averages are exact in any order (a float sum may differ in its last bits).
        latency: random.int(1, 1_000),
        ...(random.chance(0.9) ? { bytes: random.int(0, 5_000) } : {}),
      });
    }
  }
  return logs;
}

type SubRequest = AlertRequest['subComponents'][number];
const sub = (
  aggregation: SubRequest['queryDefinition']['aggregation'],
  tiers: SubRequest['trigger']['severityThresholdTiers'],
  operator: SubRequest['trigger']['operator'],
  groupBy: string[] = ['host'],
): SubRequest => ({
  queryDefinition: { query: 'message:"request"', groupBy, aggregation },
  trigger: { operator, severityThresholdTiers: tiers },
});
const alertOf = (title: string, minutes: number, subComponent: SubRequest): AlertRequest => ({
  title,
  searchTimeFrameMinutes: minutes,
  subComponents: [subComponent],
});

const ALERTS: readonly AlertRequest[] = [
  alertOf('count by host', 5, sub({ aggregationType: 'COUNT' }, { LOW: 5, MEDIUM: 8, HIGH: 12 }, 'GREATER_THAN_OR_EQUALS')),
  alertOf(
    'sum of bytes by host',
    3,
    sub({ aggregationType: 'SUM', fieldToAggregateOn: 'bytes' }, { LOW: 9_000, HIGH: 14_000 }, 'GREATER_THAN'),
  ),
  alertOf('min latency by host', 10, sub({ aggregationType: 'MIN', fieldToAggregateOn: 'latency' }, { LOW: 40, HIGH: 10 }, 'LESS_THAN')),
  alertOf(
    'max latency by host',
    2,
    sub({ aggregationType: 'MAX', fieldToAggregateOn: 'latency' }, { MEDIUM: 990 }, 'GREATER_THAN_OR_EQUALS'),
  ),
  alertOf(
    'avg latency by host',
    4,
    sub({ aggregationType: 'AVG', fieldToAggregateOn: 'latency' }, { LOW: 800, HIGH: 900 }, 'GREATER_THAN'),
  ),
  alertOf(
    'share of failures by host',
    5,
    sub(
      { aggregationType: 'PERCENTAGE', fieldToAggregateOn: 'message', valueToAggregateOn: 'request failed' },
      { LOW: 50, HIGH: 75 },
      'GREATER_THAN_OR_EQUALS',
    ),
  ),
  alertOf('count of all', 5, sub({ aggregationType: 'COUNT' }, { LOW: 14, HIGH: 22 }, 'GREATER_THAN_OR_EQUALS', [])),
];

const comparable = (preview: RulePreview) =>
  preview.firings.map((firing) => [firing.windowEndMs, JSON.stringify(firing.group), firing.severity, firing.value, firing.threshold]);

// One control plane suffices: what is compared is the log store's answers (chDB), the same under either.
const backend = controlPlaneBackends[0];
if (backend === undefined) throw new Error('no control-plane backend');

describe('exact alert preview at the 60-s interval: every window, as judging each one on its own', () => {
  const clock = createManualClock(NOW);
  let t: TestApp;
  let kindStore: OpenedControlPlane;
  let kind: RuleKind<AlertRule>;
  const draft = (request: AlertRequest): AlertRule => {
    const alert: Alert = {
      id: 0,
      accountId: t.mainAccountId,
      definition: definitionFromRequest(request),
      createdAt: NOW,
      updatedAt: NOW,
      createdBy: '',
      updatedBy: '',
    };
    return alertRuleOf(alert);
  };

  before(async () => {
    t = await startTestApp({
      backend,
      clock,
      env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_DETECTION_INTERVAL_SECONDS: '60' },
      compose: { alertSettleDelayMs: 0 },
    });
    const { listenerUrl } = await t.listen();
    await shipLogs(listenerUrl, t.shippingToken, 'app', spreadLogs());
    // The alert kind as the app builds it; its control plane is only read by listEnabled and samples, unused here.
    kindStore = await backend.open();
    kind = createAlertRuleKind({ db: kindStore.controlPlane.db, clock, searchableAccountIds: async (id) => [id] });
  });
  after(async () => {
    await t.close();
    await kindStore.dispose();
  });

  for (const request of ALERTS) {
    it(`${request.title}: the same firings as the 1,440 windows judged one by one`, async () => {
      const rule = draft(request);
      const signal = new AbortController().signal;
      const exact = await t.app.detection.preview(kind, rule, signal);
      assert.equal(exact.method, 'exact');
      assert.equal(exact.complete, true);
      assert.equal(exact.windowsOnGrid, 1_440);
      assert.equal(exact.windowsJudged, 1_440);
      assert.equal(exact.stride, 1);
      const slow = await t.app.detection.preview(kind, rule, signal, {
        exact: false,
        maxWindows: Number.MAX_SAFE_INTEGER,
        budgetMs: 600_000,
      });
      assert.equal(slow.method, 'stride');
      assert.equal(slow.complete, true);
      assert.equal(slow.windowsJudged, 1_440);
      // Something fires, at more than one severity where the rule has tiers: the comparison is not of two empty lists.
      assert.ok(slow.firings.length >= 3, `${slow.firings.length} firings`);
      assert.deepEqual(comparable(exact), comparable(slow));
    });
  }

  it('the API answers the exact preview, and says so', async () => {
    const [request] = ALERTS;
    assert.ok(request !== undefined);
    const response = await call(t, 'POST', '/v2/alerts/preview', t.apiToken, request);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{
      method: string;
      stride: number;
      windowsJudged: number;
      firings: { windowEnd: string; severity: string }[];
    }>();
    assert.equal(body.method, 'exact');
    assert.equal(body.stride, 1);
    assert.equal(body.windowsJudged, 1_440);
    const engine = await t.app.detection.preview(kind, draft(request), new AbortController().signal);
    assert.deepEqual(
      body.firings.map((firing) => [Date.parse(firing.windowEnd), firing.severity]),
      engine.firings.map((firing) => [firing.windowEndMs, firing.severity]),
    );
  });

  it('falls back to judging windows one by one where the measure does not slide (UNIQUE_COUNT)', async () => {
    const rule = draft(
      alertOf('users', 5, sub({ aggregationType: 'UNIQUE_COUNT', fieldToAggregateOn: 'latency' }, { LOW: 6 }, 'GREATER_THAN')),
    );
    const preview = await t.app.detection.preview(kind, rule, new AbortController().signal);
    assert.equal(preview.method, 'stride');
    assert.equal(preview.stride, 5);
  });
});
