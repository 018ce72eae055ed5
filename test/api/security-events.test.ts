import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount, type CreatedSubAccount } from '../support/control-plane-client.js';
import { openLogReader } from '../support/log-reader.js';
import { createSecurityAccount, disableAllRules, type TestSecurityAccount } from '../support/security-accounts.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
// A recent minute boundary, so the logs are inside every window and retention.
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

interface SecurityEvent {
  alertEventId: string;
  alertId: number;
  name: string;
  description: string;
  alertSummary: string;
  eventDate: number;
  alertWindowStartDate: number;
  alertWindowEndDate: number;
  severity: string;
  groupBy: Record<string, string>;
  tags: string[];
  mitreTags: string[];
  hits: number;
  isMuted: boolean;
  status: string;
  triage: { assignee: string | null; comment: string | null; mutedUntil: number | null; updatedBy: string | null };
}
interface EventPage {
  total: number;
  results: SecurityEvent[];
  pagination: { pageNumber: number; pageSize: number };
}
interface Triaged extends SecurityEvent {
  history: { at: number; by: string; change: Record<string, unknown> }[];
}

const bruteForceRule = {
  title: 'SSH brute force',
  description: 'Many failed passwords from one host',
  tags: ['ssh'],
  mitreTags: ['T1110'],
  searchTimeFrameMinutes: 5,
  subComponents: [
    {
      queryDefinition: { query: 'message:"Failed password"', groupBy: ['host'], shouldQueryOnAllAccounts: true },
      trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 3, SEVERE: 100 } },
      output: { columns: [{ fieldName: 'host', sort: 'DESC' }] },
    },
  ],
};

for (const backend of controlPlaneBackends) {
  describe(`security rules fire security events through the detection engine (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let listenerUrl = '';
    let siem: TestSecurityAccount;
    let scannedSub: CreatedSubAccount;
    let unscannedSub: CreatedSubAccount;
    let ruleId = 0;
    let event: SecurityEvent | undefined;
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, siem.apiToken, payload);
    const cycle = () => t.app.detection.runCycle(new AbortController().signal);
    const events = async (body: unknown): Promise<EventPage> => {
      const response = await api('POST', '/v2/security/rules/events/search', body);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<EventPage>();
    };
    const drill = async (alertEventId: string, pagination?: unknown) => {
      const response = await api('POST', '/v2/security/rules/events/logs/search', {
        filter: { alertEventId },
        ...(pagination === undefined ? {} : { pagination }),
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ total: number; results: Record<string, unknown>[]; pagination: unknown }>();
    };
    const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });
    const failed = (host: string, n: number, offset: number) =>
      Array.from({ length: n }, (_, i) =>
        at(offset + i * 1_000, { host, program: 'sshd', message: `Failed password for root from 10.0.0.${i} port 22 ssh2` }),
      );

    before(async () => {
      t = await startTestApp({
        backend,
        clock,
        env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' },
        compose: { alertSettleDelayMs: 0 },
      });
      listenerUrl = (await t.listen()).listenerUrl;
      scannedSub = await createSubAccount(t, { searchable: true, maxDailyGB: 10 });
      unscannedSub = await createSubAccount(t, { searchable: true, maxDailyGB: 10 });
      siem = await createSecurityAccount(t, { accountsToScan: [scannedSub.accountId] });
      await disableAllRules(t, siem.apiToken);
      const created = await api('POST', '/v2/security/rules', bruteForceRule);
      assert.equal(created.statusCode, 201, created.body);
      ruleId = created.json<{ id: number }>().id;
    });
    after(async () => t.close());

    it('fires once per window and group over the scanned accounts only, as an event with a readable summary', async () => {
      assert.equal((await cycle()).firings, 0);
      await shipLogs(listenerUrl, t.shippingToken, 'sshd', [
        ...failed('web-1', 3, 5_000),
        at(9_000, { host: 'web-1', message: 'Accepted password' }),
      ]);
      await shipLogs(listenerUrl, scannedSub.accountToken, 'sshd', failed('web-2', 2, 5_000));
      // Five failures in an account the security account does not scan: it never sees them.
      await shipLogs(listenerUrl, unscannedSub.accountToken, 'sshd', failed('web-9', 5, 5_000));

      clock.set(T0 + MINUTE + 1_000);
      assert.equal((await cycle()).firings, 1);
      assert.equal((await cycle()).firings, 0);

      const page = await events({});
      assert.equal(page.total, 1);
      assert.deepEqual(page.pagination, { pageNumber: 1, pageSize: 25 });
      event = page.results[0];
      assert.ok(event !== undefined);
      assert.match(event.alertEventId, /^[0-9a-f-]{36}$/);
      assert.equal(event.alertId, ruleId);
      assert.equal(event.name, 'SSH brute force');
      assert.equal(event.description, 'Many failed passwords from one host');
      assert.equal(event.severity, 'HIGH');
      assert.deepEqual(event.groupBy, { host: 'web-1' });
      assert.equal(event.hits, 3);
      assert.deepEqual(event.tags, ['ssh']);
      assert.deepEqual(event.mitreTags, ['T1110']);
      assert.equal(event.isMuted, false);
      assert.equal(event.status, 'NEW');
      assert.equal(event.alertWindowEndDate, (T0 + MINUTE) / 1000);
      assert.equal(event.alertWindowStartDate, (T0 + MINUTE - 5 * MINUTE) / 1000);
      assert.equal(event.eventDate, (T0 + MINUTE + 1_000) / 1000);
      assert.match(event.alertSummary, /SSH brute force: 3 matching logs for host=web-1 in the 5 minutes to/);
    });

    it('writes each event as an event log with service-alert into the security account', async () => {
      assert.ok(event !== undefined);
      const reader = openLogReader(t.config);
      const logs = await reader.logs(siem.accountId);
      reader.close();
      const log = logs.find((candidate) => candidate.source['logzio-alert-event-id'] === event?.alertEventId);
      assert.ok(log !== undefined, JSON.stringify(logs.map((l) => l.source)));
      assert.equal(log.source['service-alert'], 'SSH brute force');
      assert.equal(log.source['logzio-alert-definition-id'], ruleId);
      assert.equal(log.type, 'logward-security-event');
    });

    it('drills down into the very logs of that event, even after the rule changed', async () => {
      assert.ok(event !== undefined);
      const all = await drill(event.alertEventId);
      assert.equal(all.total, 3);
      assert.equal(all.results.length, 3);
      assert.ok(all.results.every((log) => log.host === 'web-1' && String(log.message).startsWith('Failed password')));
      const paged = await drill(event.alertEventId, { pageNumber: 2, pageSize: 2 });
      assert.equal(paged.total, 3);
      assert.equal(paged.results.length, 1);

      const replaced = await api('PUT', `/v2/security/rules/${ruleId}`, {
        ...bruteForceRule,
        subComponents: [{ ...bruteForceRule.subComponents[0], queryDefinition: { query: 'message:Accepted', groupBy: ['host'] } }],
      });
      assert.equal(replaced.statusCode, 200, replaced.body);
      assert.equal((await drill(event.alertEventId)).total, 3);

      const unknown = await api('POST', '/v2/security/rules/events/logs/search', {
        filter: { alertEventId: '00000000-0000-0000-0000-000000000000' },
      });
      assert.equal(unknown.statusCode, 404);
      const missing = await api('POST', '/v2/security/rules/events/logs/search', { pagination: { pageSize: 5 } });
      assert.equal(missing.statusCode, 400);
      assert.match(missing.body, /filter/);
    });

    it('filters and sorts events, and triages them with a history of who and when', async () => {
      assert.ok(event !== undefined);
      assert.equal((await events({ filter: { severities: ['LOW'] } })).total, 0);
      assert.equal((await events({ filter: { searchTerm: 'brute' } })).total, 1);
      assert.equal((await events({ filter: { searchTerm: 'nothing like it' } })).total, 0);
      assert.equal((await events({ filter: { timeRange: { fromDate: event.eventDate + 1, toDate: event.eventDate + 100 } } })).total, 0);
      assert.equal((await events({ filter: { timeRange: { fromDate: event.eventDate, toDate: event.eventDate } } })).total, 1);
      assert.equal((await api('POST', '/v2/security/rules/events/search', { filter: { timeRange: { fromDate: 1 } } })).statusCode, 400);
      assert.equal((await events({ sort: [{ field: 'SEVERITY' }, { field: 'DATE', descending: false }] })).total, 1);

      clock.set(T0 + MINUTE + 2_000);
      const assigned = await api('PUT', `/v2/security/rules/events/${ruleId}`, { assignee: 'analyst@example.com', comment: 'looking' });
      assert.equal(assigned.statusCode, 201, assigned.body);
      const [first] = assigned.json<Triaged[]>();
      assert.equal(first?.status, 'ASSIGNED');
      assert.equal(first?.triage.assignee, 'analyst@example.com');
      assert.equal(first?.triage.comment, 'looking');

      clock.set(T0 + MINUTE + 3_000);
      const resolved = await api('PUT', `/v2/security/rules/events/${ruleId}`, {
        filter: { alertEventIds: [event.alertEventId] },
        status: 'RESOLVED',
      });
      assert.equal(resolved.statusCode, 201, resolved.body);
      const [done] = resolved.json<Triaged[]>();
      assert.equal(done?.status, 'RESOLVED');
      assert.deepEqual(
        done?.history.map((entry) => [entry.at, entry.by, entry.change]),
        [
          [(T0 + MINUTE + 2_000) / 1000, 'admin@example.com', { status: 'ASSIGNED', assignee: 'analyst@example.com', comment: 'looking' }],
          [(T0 + MINUTE + 3_000) / 1000, 'admin@example.com', { status: 'RESOLVED' }],
        ],
      );
      const bad = await api('PUT', `/v2/security/rules/events/${ruleId}`, { status: 'MAYBE' });
      assert.equal(bad.statusCode, 400);
      const empty = await api('PUT', `/v2/security/rules/events/${ruleId}`, {});
      assert.equal(empty.statusCode, 400);
      assert.equal((await api('PUT', '/v2/security/rules/events/4242', { status: 'RESOLVED' })).statusCode, 404);
      const unknownEvent = await api('PUT', `/v2/security/rules/events/${ruleId}`, {
        filter: { alertEventIds: ['00000000-0000-0000-0000-000000000000'] },
        status: 'NEW',
      });
      assert.equal(unknownEvent.statusCode, 404);
    });

    it('mutes an event until its expiry: hidden unless muted events are asked for', async () => {
      assert.ok(event !== undefined);
      const until = (T0 + MINUTE + 10 * MINUTE) / 1000;
      const muted = await api('PUT', `/v2/security/rules/events/${ruleId}`, { isMuted: true, muteUntil: until });
      assert.equal(muted.statusCode, 201, muted.body);
      assert.equal(muted.json<Triaged[]>()[0]?.triage.mutedUntil, until);
      assert.equal((await events({})).total, 0);
      const withMuted = await events({ filter: { includeMutedEvents: true } });
      assert.equal(withMuted.total, 1);
      assert.equal(withMuted.results[0]?.isMuted, true);

      clock.set(T0 + 12 * MINUTE);
      const after = await events({});
      assert.equal(after.total, 1);
      assert.equal(after.results[0]?.isMuted, false);
    });

    it('refuses a mute, a time range or a window beyond year 2200 with a 400, and event search keeps answering', async () => {
      const before = await events({ filter: { includeMutedEvents: true } });
      for (const muteUntil of [1e308, 7_258_118_400_001, -1]) {
        const refused = await api('PUT', `/v2/security/rules/events/${ruleId}`, { isMuted: true, muteUntil });
        assert.equal(refused.statusCode, 400, refused.body);
        assert.match(refused.json<{ message: string }>().message, /muteUntil/);
      }
      const search = await api('POST', '/v2/security/rules/events/search', { filter: { timeRange: { fromDate: 0, toDate: 1e308 } } });
      assert.equal(search.statusCode, 400, search.body);
      assert.deepEqual(await events({ filter: { includeMutedEvents: true } }), before);
      // The latest mute the API takes is stored and read back, and searches still answer.
      const latest = await api('PUT', `/v2/security/rules/events/${ruleId}`, { isMuted: true, muteUntil: 7_258_118_400 });
      assert.equal(latest.statusCode, 201, latest.body);
      assert.equal((await events({})).total, 0);
      assert.equal((await events({ filter: { includeMutedEvents: true } })).results[0]?.triage.mutedUntil, 7_258_118_400);
      assert.equal((await api('PUT', `/v2/security/rules/events/${ruleId}`, { isMuted: false })).statusCode, 201);
      assert.equal((await events({})).total, 1);
      for (const body of [
        { ...bruteForceRule, searchTimeFrameMinutes: 1e9 },
        {
          ...bruteForceRule,
          subComponents: [
            { ...bruteForceRule.subComponents[0], trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 1e308 } } },
          ],
        },
      ]) {
        const refused = await api('POST', '/v2/security/rules', body);
        assert.equal(refused.statusCode, 400, refused.body);
      }
    });

    it('still answers event searches over a mute stored before the bound (SQLite kept an infinite one)', async (c) => {
      if (backend.name !== 'sqlite') return c.skip('PostgreSQL never stored one: its bigint refused the value');
      assert.ok(event !== undefined);
      assert.equal((await api('PUT', `/v2/security/rules/events/${ruleId}`, { isMuted: true, muteUntil: 7_258_118_400 })).statusCode, 201);
      await t.app.controlPlane.db.updateTable('security_event_states').set({ muted_until: Number.POSITIVE_INFINITY }).execute();
      const muted = await events({ filter: { includeMutedEvents: true } });
      assert.equal(muted.results[0]?.isMuted, true);
      assert.equal(muted.results[0]?.triage.mutedUntil, 7_258_118_400, 'read back as the latest mute the API takes');
      assert.equal((await api('PUT', `/v2/security/rules/events/${ruleId}`, { isMuted: false })).statusCode, 201);
      assert.equal((await events({})).total, 1);
    });

    it('imports Sigma correlation rules (event_count, value_count, temporal) that fire through the engine', async () => {
      const yaml = `title: Failed SSH password
name: ssh_failed
id: 5a0e0000-0000-4000-8000-000000000001
logsource: {product: linux, service: sshd}
detection:
  selection: {message|contains: 'Failed password'}
  condition: selection
level: low
---
title: Accepted SSH password
name: ssh_accepted
id: 5a0e0000-0000-4000-8000-000000000002
logsource: {product: linux, service: sshd}
detection:
  selection: {message|contains: 'Accepted password'}
  condition: selection
level: low
---
title: SSH brute force (correlation)
id: 5a0e0000-0000-4000-8000-000000000003
correlation:
  type: event_count
  rules: [ssh_failed]
  group-by: [host]
  timespan: 5m
  condition: {gte: 4}
level: high
tags: [attack.credential-access, attack.t1110]
---
title: Many source ports (correlation)
id: 5a0e0000-0000-4000-8000-000000000004
correlation:
  type: value_count
  rules: [ssh_failed]
  group-by: [host]
  timespan: 5m
  condition: {field: message, gte: 4}
level: medium
---
title: Brute force then success (correlation)
id: 5a0e0000-0000-4000-8000-000000000005
correlation:
  type: temporal
  rules: [ssh_failed, ssh_accepted]
  group-by: [host]
  timespan: 5m
level: critical
`;
      clock.set(T0 + 12 * MINUTE + 1_000);
      const imported = await t.api.inject({
        method: 'POST',
        url: '/v2/security/rules/sigma',
        headers: { 'x-api-token': siem.apiToken, 'content-type': 'application/yaml' },
        payload: yaml,
      });
      assert.equal(imported.statusCode, 201, imported.body);
      const rules = imported.json<{ results: { title: string; mitreTags: string[]; subComponents: unknown[]; correlations: unknown }[] }>()
        .results;
      // The base rules serve the correlations and are not rules of their own.
      assert.deepEqual(
        rules.map((rule) => rule.title),
        ['SSH brute force (correlation)', 'Many source ports (correlation)', 'Brute force then success (correlation)'],
      );
      assert.deepEqual(rules[0]?.mitreTags, ['T1110', 'TA0006']);
      assert.equal(rules[2]?.subComponents.length, 2);
      assert.deepEqual(rules[2]?.correlations, { correlationOperators: ['AND'], joins: [{ 0: 'host', 1: 'host' }] });

      await cycle();
      const base = 12 * MINUTE + 5_000;
      await shipLogs(listenerUrl, t.shippingToken, 'sshd', [
        ...failed('web-5', 4, base),
        at(base + 10_000, { host: 'web-5', program: 'sshd', message: 'Accepted password for root from 10.0.0.9 port 22 ssh2' }),
        ...failed('web-6', 2, base),
        at(base + 10_000, { host: 'web-7', program: 'sshd', message: 'Accepted password for bob from 10.0.0.9 port 22 ssh2' }),
      ]);
      clock.set(T0 + 13 * MINUTE + 1_000);
      await cycle();
      const fired = (await events({ filter: { searchTerm: '(correlation)', includeMutedEvents: true } })).results;
      assert.deepEqual(fired.map((e) => [e.name, e.severity, e.groupBy.host]).sort(), [
        ['Brute force then success (correlation)', 'SEVERE', 'web-5'],
        ['Many source ports (correlation)', 'MEDIUM', 'web-5'],
        ['SSH brute force (correlation)', 'HIGH', 'web-5'],
      ]);
      const temporal = fired.find((e) => e.name === 'Brute force then success (correlation)');
      assert.ok(temporal !== undefined);
      const drilled = await drill(temporal.alertEventId);
      assert.equal(drilled.total, 5, 'the failures and the success of web-5');
    });

    it('drills down to nothing once the logs are past retention (the event itself then ages out of the search)', async () => {
      assert.ok(event !== undefined);
      clock.set(T0 + 31 * 24 * 60 * MINUTE);
      await t.app.retentionJob.run(new AbortController().signal);
      const drilled = await drill(event.alertEventId);
      assert.equal(drilled.total, 0);
      assert.deepEqual(drilled.results, []);
      assert.equal((await events({ filter: { includeMutedEvents: true } })).total, 0);
    });
  });
}
