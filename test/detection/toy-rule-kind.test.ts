import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { groupsMeetingTiers, type DetectionRule, type RuleKind } from '../../src/detection/index.js';
import { parseQuery } from '../../src/query/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

/** A rule kind made up here, not an alert: "at least `min` logs with `word` per host in a minute". */
interface ToyRule extends DetectionRule {
  readonly word: string;
  readonly min: number;
  readonly endpointId: number;
}

function toyKind(rules: () => readonly ToyRule[]): RuleKind<ToyRule> {
  return {
    kind: 'toy',
    eventLogType: 'toy-event',
    eventLogFields: ['toyRule'],
    listEnabled: async () => rules(),
    questions: async (rule, windows) =>
      windows.map((window) => [
        {
          searcherAccountId: rule.accountId,
          accountIds: [rule.accountId],
          window,
          groupBy: ['host'],
          measure: { kind: 'count' },
          condition: parseQuery({ match: { message: rule.word } }, { now: T0, profile: 'elasticsearch' }),
        },
      ]),
    judge: (rule, answers) =>
      groupsMeetingTiers({ operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { MEDIUM: rule.min } }, answers[0] ?? []),
    details: (rule) => ({
      title: `Toy rule ${rule.word}`,
      description: 'made up by a test',
      tags: ['toy'],
      emails: [],
      sendToAll: false,
      endpointIds: [rule.endpointId],
      suppressNotificationsMinutes: 0,
    }),
    eventLog: (firing) => ({
      message: `toy rule ${firing.ruleId} fired for ${JSON.stringify(firing.groupValues)}`,
      fields: { toyRule: firing.ruleId },
    }),
  };
}

for (const backend of controlPlaneBackends) {
  describe(`the detection engine evaluates a rule kind it was never built for (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let webhook: HttpReceiver;
    let listenerUrl = '';
    let rule: ToyRule;
    const call = (method: 'POST', url: string, payload: unknown) =>
      t.api.inject({ method, url, headers: { 'x-api-token': t.apiToken }, payload: payload as object });
    const cycle = () => t.app.detection.runCycle(new AbortController().signal);
    const log = (offsetMs: number, host: string, message: string) => ({
      '@timestamp': new Date(T0 + offsetMs).toISOString(),
      host,
      message,
    });

    before(async () => {
      webhook = await startHttpReceiver();
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' }, compose: { alertSettleDelayMs: 0 } });
      listenerUrl = (await t.listen()).listenerUrl;
      const endpoint = await call('POST', '/v1/endpoints/custom', {
        title: 'toy receiver',
        url: `${webhook.url}/toy`,
        method: 'POST',
        bodyTemplate: {
          title: '{{alert_title}}',
          rule: '{{alert_definition_id}}',
          severity: '{{alert_severity}}',
          groups: '{{alert_group_by}}',
          value: '{{alert_value}}',
        },
      });
      assert.equal(endpoint.statusCode, 200, endpoint.body);
      rule = {
        id: 7,
        accountId: t.mainAccountId,
        windowMs: MINUTE,
        schedule: undefined,
        word: 'boom',
        min: 2,
        endpointId: endpoint.json<{ id: number }>().id,
      };
      t.app.detection.registerKind(toyKind(() => [rule]));
    });
    after(async () => {
      await t.close();
      await webhook.close();
    });

    it('asks its questions, fires once per window and group, writes its event logs and notifies a real webhook', async () => {
      // [T0-1m, T0) holds nothing.
      assert.equal((await cycle()).firings, 0);

      await shipLogs(listenerUrl, t.shippingToken, 'app', [
        log(10_000, 'a', 'boom'),
        log(11_000, 'a', 'boom again'),
        log(12_000, 'a', 'fine'),
        log(13_000, 'b', 'boom'),
        log(MINUTE + 10_000, 'a', 'boom'),
        log(MINUTE + 11_000, 'a', 'boom'),
        log(MINUTE + 12_000, 'b', 'boom'),
        log(MINUTE + 13_000, 'b', 'boom'),
      ]);

      clock.set(T0 + MINUTE + 1_000);
      const first = await cycle();
      // Host a met the tier in [T0, T0+1m); b did not.
      assert.equal(first.firings, 1);
      assert.equal(first.dispatched, 1);
      await webhook.waitFor(1);
      assert.deepEqual(JSON.parse(webhook.requests[0]?.body ?? '{}'), {
        title: 'Toy rule boom',
        rule: 7,
        severity: 'MEDIUM',
        groups: { host: 'a' },
        value: 2,
      });
      // The same window is never judged twice.
      assert.equal((await cycle()).firings, 0);

      clock.set(T0 + 2 * MINUTE + 1_000);
      const second = await cycle();
      assert.equal(second.firings, 2);
      assert.equal(second.dispatched, 2);
      await webhook.waitFor(3);
      const groups = webhook.requests.slice(1).map((request) => (JSON.parse(request.body) as { groups: { host: string } }).groups.host);
      assert.deepEqual(groups.sort(), ['a', 'b']);

      // Its event logs are the account's logs, under its own type; triggered alerts list alerts only.
      const events = await call('POST', '/v1/search', { query: { query_string: { query: 'type:toy-event' } }, size: 10 });
      assert.equal(events.json<{ hits: { total: number } }>().hits.total, 3);
      const triggered = await call('POST', '/v1/alerts/triggered-alerts', {});
      assert.equal(triggered.json<{ total: number }>().total, 0);
    });
  });
}
