/**
 * Issue 18 with issue 17: a security rule naming a lookup list fires exactly when a listed value appears — the list
 * of the main account or of a scanned sub account (decision 0450: the searcher's lists first, then the scanned
 * accounts'), a CIDR element matching addresses, and a change to the list changing the next evaluation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { call, createSubAccount, type CreatedSubAccount } from '../support/control-plane-client.js';
import { createSecurityAccount, disableAllRules, type TestSecurityAccount } from '../support/security-accounts.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

describe('security rules using lookup lists', () => {
  const clock = createManualClock(T0 + 1_000);
  let t: TestApp;
  let listenerUrl = '';
  let siem: TestSecurityAccount;
  let sub: CreatedSubAccount;
  let blocklistId = '';
  const cycle = () => t.app.detection.runCycle(new AbortController().signal);
  const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });

  before(async () => {
    t = await startTestApp({
      backend: sqliteBackend,
      clock,
      env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' },
      compose: { alertSettleDelayMs: 0 },
    });
    listenerUrl = (await t.listen()).listenerUrl;
    sub = await createSubAccount(t, { searchable: true, maxDailyGB: 10 });
    siem = await createSecurityAccount(t, { accountsToScan: [sub.accountId] });
    await disableAllRules(t, siem.apiToken);
    // The sub account's own list: a bad address and a bad range.
    const list = await call(t, 'POST', '/v1/lookup-lists', sub.apiToken, { name: 'bad ips', description: 'blocklist' });
    assert.equal(list.statusCode, 200, list.body);
    blocklistId = list.json<{ id: string }>().id;
    const added = await call(t, 'POST', `/v1/lookup-lists/${blocklistId}/elements/bulk-add`, sub.apiToken, [
      { value: '203.0.113.7' },
      { value: '198.51.100.0/24' },
    ]);
    assert.equal(added.statusCode, 200, added.body);
    const rule = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
      title: 'Connection from a blocklisted address',
      searchTimeFrameMinutes: 5,
      subComponents: [
        {
          queryDefinition: { query: 'client_ip:lookup{"bad ips"}', groupBy: ['client_ip'], shouldQueryOnAllAccounts: true },
          trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 1 } },
        },
      ],
    });
    assert.equal(rule.statusCode, 201, rule.body);
  });
  after(async () => t.close());

  it('fires for a listed address and a CIDR member, not for others; a new element changes the next window', async () => {
    assert.equal((await cycle()).firings, 0);
    await shipLogs(listenerUrl, sub.accountToken, 'nginx', [
      at(5_000, { client_ip: '203.0.113.7', message: 'GET /admin' }),
      at(6_000, { client_ip: '198.51.100.44', message: 'GET /login' }),
      at(7_000, { client_ip: '192.0.2.1', message: 'GET /' }),
    ]);
    clock.set(T0 + MINUTE + 1_000);
    assert.equal((await cycle()).firings, 2);
    const events = await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {});
    const ips = events
      .json<{ results: { groupBy: Record<string, string> }[] }>()
      .results.map((event) => event.groupBy.client_ip)
      .sort();
    assert.deepEqual(ips, ['198.51.100.44', '203.0.113.7']);

    const added = await call(t, 'POST', `/v1/lookup-lists/${blocklistId}/elements`, sub.apiToken, { value: '192.0.2.1' });
    assert.equal(added.statusCode, 200, added.body);
    await shipLogs(listenerUrl, sub.accountToken, 'nginx', [at(MINUTE + 5_000, { client_ip: '192.0.2.1', message: 'GET /' })]);
    clock.set(T0 + 2 * MINUTE + 1_000);
    // The next 5-minute window still holds the first two (their incidents fired already) and the newly listed address.
    assert.equal((await cycle()).firings, 1);
    const latest = await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {});
    assert.ok(latest.body.includes('"client_ip":"192.0.2.1"'), latest.body);
  });

  it('refuses a rule naming a list none of its accounts has, with 400 naming the sub-component', async () => {
    const refused = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
      title: 'Unknown list',
      searchTimeFrameMinutes: 5,
      subComponents: [
        {
          queryDefinition: { query: 'client_ip:lookup{"no such list"}', shouldQueryOnAllAccounts: true },
          trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 1 } },
        },
      ],
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(refused.body, /body\.subComponents\.0\.queryDefinition/);
  });

  it('refuses to delete a list a security rule reads, naming the rule, and deletes it once no rule does', async () => {
    const refused = await call(t, 'DELETE', `/v1/lookup-lists/${blocklistId}`, sub.apiToken);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.match(refused.body, /Connection from a blocklisted address/);
    const rules = await call(t, 'POST', '/v2/security/rules/search', siem.apiToken, { filter: { search: 'blocklisted' } });
    const rule = rules.json<{ results: { id: number }[] }>().results[0];
    assert.ok(rule !== undefined, rules.body);
    assert.equal((await call(t, 'DELETE', `/v2/security/rules/${rule.id}`, siem.apiToken)).statusCode, 200);
    assert.equal((await call(t, 'DELETE', `/v1/lookup-lists/${blocklistId}`, sub.apiToken)).statusCode, 200);
  });
});
