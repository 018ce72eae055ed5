import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { createSecurityAccount, type TestSecurityAccount } from '../support/security-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const RULES = '/v2/security/rules';

interface Rule {
  id: number;
  title: string;
  description?: string;
  enabled: boolean;
  protected: boolean;
  isProtected: boolean;
  tags?: string[];
  mitreTags: string[];
  createdBy: string;
  updatedBy: string;
  schedule: { cronExpression: string | null; cron?: string | null; timezone: string };
  correlations: unknown;
  sortedCorrelations: unknown;
  searchTimeFrameMinutes: number;
  output?: { recipients?: { emails?: string[]; notificationEndpointIds?: number[] }; suppressNotificationsMinutes?: number };
  subComponents: {
    queryDefinition: { query: string; groupBy?: string[]; shouldQueryOnAllAccounts?: boolean };
    trigger: { operator: string; severityThresholdTiers: Record<string, number> };
    output?: { columns?: { fieldName: string; regex?: string; sort?: string }[] };
  }[];
  sigma?: { id: string | null; author: string | null; references: string[]; license: string };
}

interface Page {
  total: number;
  results: Rule[];
  pagination: { pageNumber: number; pageSize: number };
}

/** The Terraform-client fixture's rule (reference §2.12), with SPEC.md's SubRule output columns. */
const fixtureRule = (title: string, severity: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `${title} description`,
  tags: ['some', 'tags'],
  output: { recipients: { emails: ['soc@example.com'], notificationEndpointIds: [] }, suppressNotificationsMinutes: 60, type: 'JSON' },
  searchTimeFrameMinutes: 20,
  subComponents: [
    {
      queryDefinition: {
        query: 'type:apache_access',
        filters: { bool: { must: [], should: [], filter: [], must_not: [] } },
        groupBy: [],
        shouldQueryOnAllAccounts: true,
        accountIdsToQueryOn: [],
      },
      trigger: { operator: 'EQUALS', severityThresholdTiers: { [severity]: 10 } },
      output: { columns: [{ fieldName: 'some_name', regex: '', sort: 'DESC' }] },
    },
  ],
  correlations: { correlationOperators: ['AND'], joins: [] },
  schedule: { cronExpression: '0 0/5 * * * ?', timezone: 'UTC' },
  ...extra,
});

const SIGMA_YAML = `title: Suspicious Whoami
id: 11111111-2222-3333-4444-555555555555
status: test
description: whoami run by someone
author: Test Author
references:
  - https://example.com/whoami
date: 2024-01-01
tags:
  - attack.discovery
  - attack.t1033
logsource:
  product: linux
  service: syslog
detection:
  keywords:
    - 'whoami'
  condition: keywords
level: high
---
title: Many failed logins
id: 22222222-2222-3333-4444-555555555555
status: test
logsource:
  product: linux
  service: sshd
detection:
  selection:
    message|contains: 'Failed password'
  timeframe: 10m
  condition: selection | count() by host > 3
level: medium
`;

for (const backend of controlPlaneBackends) {
  describe(`security rules (${backend.name})`, () => {
    let t: TestApp;
    let siem: TestSecurityAccount;
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, siem.apiToken, payload);
    const search = async (body: unknown): Promise<Page> => {
      const response = await api('POST', `${RULES}/search`, body);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<Page>();
    };
    const own = { filter: { createdBy: ['admin@example.com'] } };

    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
      siem = await createSecurityAccount(t);
    });
    after(async () => t.close());

    it('creates (201, enabled), reads with both spellings, replaces, and deletes answering the deleted rule', async () => {
      const created = await api('POST', RULES, fixtureRule('Apache hits', 'HIGH'));
      assert.equal(created.statusCode, 201, created.body);
      const rule = created.json<Rule>();
      assert.equal(rule.enabled, true);
      assert.equal(rule.protected, false);
      assert.equal(rule.isProtected, false);
      assert.deepEqual(rule.mitreTags, []);
      assert.equal(rule.schedule.cronExpression, '0 0/5 * * * ?');
      assert.equal(rule.schedule.cron, '0 0/5 * * * ?');
      assert.deepEqual(rule.sortedCorrelations, rule.correlations);
      assert.deepEqual(rule.subComponents[0]?.output?.columns, [{ fieldName: 'some_name', regex: '', sort: 'DESC' }]);

      const read = await api('GET', `${RULES}/${rule.id}`);
      assert.equal(read.statusCode, 200);
      assert.deepEqual(read.json(), rule);

      // A read-back body (with id, isProtected, sortedCorrelations …) is a valid replace; the fields it omits reset.
      const replaced = await api('PUT', `${RULES}/${rule.id}`, {
        ...rule,
        title: 'Apache hits v2',
        tags: Array.from({ length: 25 }, (_, i) => `t${i}`),
      });
      assert.equal(replaced.statusCode, 200, replaced.body);
      assert.equal(replaced.json<Rule>().title, 'Apache hits v2');
      assert.equal(replaced.json<Rule>().tags?.length, 25);

      const tooMany = await api('PUT', `${RULES}/${rule.id}`, { ...rule, tags: Array.from({ length: 26 }, (_, i) => `t${i}`) });
      assert.equal(tooMany.statusCode, 400);
      assert.match(tooMany.body, /tags/);

      const deleted = await api('DELETE', `${RULES}/${rule.id}`);
      assert.equal(deleted.statusCode, 200);
      assert.equal(deleted.json<Rule>().title, 'Apache hits v2');
      assert.equal((await api('GET', `${RULES}/${rule.id}`)).statusCode, 404);
    });

    it('refuses bad bodies with the failing path, storing nothing', async () => {
      const before = (await search(own)).total;
      for (const [body, path] of [
        [{ title: 'x' }, 'subComponents'],
        [fixtureRule('x', 'HIGH', { searchTimeFrameMinutes: 'ten' }), 'searchTimeFrameMinutes'],
        [
          {
            ...fixtureRule('x', 'HIGH'),
            subComponents: [
              { ...fixtureRule('x', 'HIGH').subComponents[0], trigger: { operator: 'ABOUT', severityThresholdTiers: { HIGH: 1 } } },
            ],
          },
          'operator',
        ],
        [fixtureRule('x', 'HIGH', { output: { recipients: { notificationEndpointIds: [9999] } } }), 'notificationEndpointIds'],
        [
          {
            ...fixtureRule('x', 'HIGH'),
            subComponents: [{ ...fixtureRule('x', 'HIGH').subComponents[0], queryDefinition: { query: 'a', accountIdsToQueryOn: [4242] } }],
          },
          'accountIdsToQueryOn',
        ],
      ] as const) {
        const response = await api('POST', RULES, body);
        assert.equal(response.statusCode, 400, `${path}: ${response.body}`);
        assert.match(response.body, new RegExp(path));
      }
      assert.equal((await search(own)).total, before);
    });

    it('searches with filters, both sortByField spellings, pagination and a total independent of paging', async () => {
      for (const [title, severity] of [
        ['Alpha login', 'LOW'],
        ['Bravo login', 'SEVERE'],
        ['Charlie dns', 'MEDIUM'],
      ] as const) {
        assert.equal((await api('POST', RULES, fixtureRule(title, severity))).statusCode, 201);
      }
      const all = await search({ ...own, pagination: { pageNumber: 1, pageSize: 2 } });
      assert.equal(all.total, 3);
      assert.equal(all.results.length, 2);
      assert.deepEqual(all.pagination, { pageNumber: 1, pageSize: 2 });
      const second = await search({ ...own, pagination: { pageNumber: 2, pageSize: 2 } });
      assert.equal(second.total, 3);
      assert.equal(second.results.length, 1);
      assert.equal((await search({ ...own, pagination: { pageNumber: 9, pageSize: 2 } })).results.length, 0);

      for (const sortByField of ['NAME', 'name']) {
        const page = await search({ ...own, sort: { sortByField, descending: false } });
        assert.deepEqual(
          page.results.map((r) => r.title),
          ['Alpha login', 'Bravo login', 'Charlie dns'],
          sortByField,
        );
      }
      const bySeverity = await search({ ...own, sort: { sortByField: 'SEVERITY' } });
      assert.deepEqual(
        bySeverity.results.map((r) => r.title),
        ['Bravo login', 'Charlie dns', 'Alpha login'],
      );
      for (const sortByField of ['CREATED_AT', 'createdAt', 'UPDATED_AT', 'updatedAt']) {
        assert.equal((await search({ ...own, sort: { sortByField } })).total, 3, sortByField);
      }
      assert.equal((await api('POST', `${RULES}/search`, { sort: { sortByField: 'COLOR' } })).statusCode, 400);

      assert.deepEqual((await search({ filter: { ...own.filter, search: 'LOGIN' } })).results.map((r) => r.title).sort(), [
        'Alpha login',
        'Bravo login',
      ]);
      assert.deepEqual(
        (await search({ filter: { ...own.filter, severities: ['MEDIUM'] } })).results.map((r) => r.title),
        ['Charlie dns'],
      );
      assert.equal((await search({ filter: { ...own.filter, emailNotifications: ['soc@example.com'] } })).total, 3);
      assert.equal((await search({ filter: { ...own.filter, tags: ['nope'] } })).total, 0);

      // Default page: 25, and {} returns every rule (the built-in pack's too).
      const everything = await search({});
      assert.equal(everything.pagination.pageSize, 25);
      assert.ok(everything.total > 3);
      assert.equal(everything.results.length, 25);
    });

    it('enables and disables (204), and updates and deletes in bulk', async () => {
      const rule = (await api('POST', RULES, fixtureRule('Bulk target', 'HIGH'))).json<Rule>();
      const disabled = await api('POST', `${RULES}/${rule.id}/disable`);
      assert.equal(disabled.statusCode, 204);
      assert.equal((await api('GET', `${RULES}/${rule.id}`)).json<Rule>().enabled, false);
      assert.equal((await search({ filter: { ...own.filter, enabledState: [false] } })).total, 1);
      assert.equal((await api('POST', `${RULES}/${rule.id}/enable`)).statusCode, 204);
      assert.equal((await api('GET', `${RULES}/${rule.id}`)).json<Rule>().enabled, true);
      assert.equal((await api('POST', `${RULES}/4242/enable`)).statusCode, 404);

      const updated = await api('POST', `${RULES}/bulk/update`, {
        filters: { search: 'login', createdBy: ['admin@example.com'] },
        fields: { enabled: false, recipients: { recipientsOperation: 'ADD', recipients: { emails: ['extra@example.com'] } } },
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json<{ total: number }>().total, 2);
      const logins = await search({ filter: { ...own.filter, search: 'login' } });
      assert.ok(logins.results.every((r) => !r.enabled && r.output?.recipients?.emails?.includes('extra@example.com')));

      // Without filters and without `all`, a bulk call touches nothing.
      assert.equal((await api('POST', `${RULES}/bulk/delete`, {})).json<{ total: number }>().total, 0);
      const deleted = await api('POST', `${RULES}/bulk/delete`, { filters: { search: 'login', createdBy: ['admin@example.com'] } });
      assert.equal(deleted.json<{ total: number }>().total, 2);
      assert.equal((await search({ filter: { ...own.filter, search: 'login' } })).total, 0);
    });

    it('imports Sigma YAML (all documents or none), with attribution and ATT&CK ids', async () => {
      const imported = await t.api.inject({
        method: 'POST',
        url: `${RULES}/sigma`,
        headers: { 'x-api-token': siem.apiToken, 'content-type': 'application/yaml' },
        payload: SIGMA_YAML,
      });
      assert.equal(imported.statusCode, 201, imported.body);
      const results = imported.json<{ results: Rule[] }>().results;
      assert.equal(results.length, 2);
      const [whoami, brute] = results;
      assert.equal(whoami?.title, 'Suspicious Whoami');
      assert.deepEqual(whoami?.mitreTags, ['T1033', 'TA0007']);
      assert.equal(whoami?.sigma?.author, 'Test Author');
      assert.deepEqual(whoami?.sigma?.references, ['https://example.com/whoami']);
      assert.match(whoami?.sigma?.license ?? '', /DRL/);
      assert.deepEqual(whoami?.subComponents[0]?.trigger, { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } });
      assert.equal(brute?.searchTimeFrameMinutes, 10);
      assert.deepEqual(brute?.subComponents[0]?.queryDefinition.groupBy, ['host']);
      assert.deepEqual(brute?.subComponents[0]?.trigger, { operator: 'GREATER_THAN', severityThresholdTiers: { MEDIUM: 3 } });

      const before = (await search(own)).total;
      const bad = await t.api.inject({
        method: 'POST',
        url: `${RULES}/sigma`,
        headers: { 'x-api-token': siem.apiToken, 'content-type': 'application/yaml' },
        payload: `${SIGMA_YAML}---
title: Lookbehind
id: 33333333-2222-3333-4444-555555555555
logsource:
  product: linux
detection:
  selection:
    message|re: '(?<=a)b'
  condition: selection
`,
      });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.match(bad.json<{ message: string }>().message, /Lookbehind/);
      assert.equal((await search(own)).total, before);
      const ordered = await t.api.inject({
        method: 'POST',
        url: `${RULES}/sigma`,
        headers: { 'x-api-token': siem.apiToken, 'content-type': 'application/yaml' },
        payload: `${SIGMA_YAML}---
title: Ordered
correlation:
  type: temporal_ordered
  rules: [11111111-2222-3333-4444-555555555555]
  timespan: 5m
`,
      });
      assert.equal(ordered.statusCode, 400, ordered.body);
      assert.equal(ordered.json<{ parameters: { construct: string; rule: string } }>().parameters.construct, 'correlation');
      assert.equal(ordered.json<{ parameters: { construct: string; rule: string } }>().parameters.rule, 'Ordered');
      assert.equal((await search(own)).total, before);
    });

    it('installs the built-in pack as protected rules that take only the allowed edits', async () => {
      const pack = await search({ filter: { createdBy: ['Preconfigured by Logward'] }, pagination: { pageSize: 1000 } });
      assert.ok(pack.total > 300, `pack of ${pack.total}`);
      const brute = pack.results.find((r) => r.sigma !== undefined && r.isProtected && r.mitreTags.length > 0);
      assert.ok(brute !== undefined);
      assert.ok(brute.sigma?.references.some((ref) => ref.startsWith('https://github.com/SigmaHQ/sigma/blob/')));

      // Allowed: recipients, thresholds and severities, added tags, suppression, enabled.
      const sub = brute.subComponents[0];
      assert.ok(sub !== undefined);
      const allowed = {
        ...brute,
        tags: [...(brute.tags ?? []), 'ours'],
        output: { ...brute.output, recipients: { emails: ['soc@example.com'] }, suppressNotificationsMinutes: 30 },
        subComponents: [{ ...sub, trigger: { ...sub.trigger, severityThresholdTiers: { SEVERE: 5 } } }],
        enabled: false,
      };
      const edited = await api('PUT', `${RULES}/${brute.id}`, allowed);
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json<Rule>().isProtected, true);
      assert.deepEqual(edited.json<Rule>().mitreTags, brute.mitreTags);

      const changedQuery = await api('PUT', `${RULES}/${brute.id}`, {
        ...allowed,
        subComponents: [{ ...sub, queryDefinition: { ...sub.queryDefinition, query: 'anything' } }],
      });
      assert.equal(changedQuery.statusCode, 403);
      assert.match(changedQuery.json<{ message: string }>().message, /subComponents\.0.*allowed are/);
      const removedTag = await api('PUT', `${RULES}/${brute.id}`, { ...allowed, tags: [] });
      assert.equal(removedTag.statusCode, 403);
      const renamed = await api('PUT', `${RULES}/${brute.id}`, { ...allowed, title: 'mine now' });
      assert.equal(renamed.statusCode, 403);
      assert.match(renamed.json<{ message: string }>().message, /title/);
      const deleted = await api('DELETE', `${RULES}/${brute.id}`);
      assert.equal(deleted.statusCode, 403);
      assert.match(deleted.json<{ message: string }>().message, /disable it instead/);
    });

    it('answers ATT&CK coverage per tactic and technique from the enabled rules', async () => {
      const response = await api('GET', '/v2/security/mitre-coverage');
      assert.equal(response.statusCode, 200, response.body);
      const { tactics } = response.json<{
        tactics: { id: string; ruleCount: number; techniquesCovered: number; techniques: { id: string; rules: { id: number }[] }[] }[];
      }>();
      assert.equal(tactics.length, 14);
      const discovery = tactics.find((tactic) => tactic.id === 'TA0007');
      assert.ok(discovery !== undefined && discovery.ruleCount > 0);
      const t1033 = discovery.techniques.find((technique) => technique.id === 'T1033');
      assert.ok(t1033 !== undefined && t1033.rules.length > 0);
    });
  });
}
