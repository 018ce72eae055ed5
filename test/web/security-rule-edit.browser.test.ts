/**
 * The security rule editor in a real headless Chromium: a built-in rule edited within the protected-rule limits (the
 * rest shown locked), and a custom rule's grouping, aggregation and thresholds edited and read back over the API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshotVariants } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { createSecurityAccount, disableAllRules, type TestSecurityAccount } from '../support/security-accounts.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];

describe('the security rule editor in a browser', () => {
  let t: TestApp;
  let siem: TestSecurityAccount;
  let browser: Browser;
  let page: Page;

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    t = await startTestApp({ backend, clock: createManualClock(Date.now()), env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    await t.listen();
    const baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    siem = await createSecurityAccount(t);
    await disableAllRules(t, siem.apiToken);
    const member = await call(t, 'POST', '/v1/user-management', t.apiToken, {
      username: ADMIN,
      fullName: 'Admin',
      accountID: siem.accountId,
      role: 'USER_ROLE_ACCOUNT_ADMIN',
    });
    assert.equal(member.statusCode, 200, member.body);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${baseUrl}/app/`);
    await page.getByLabel('E-mail').fill(ADMIN);
    await page.getByLabel('Password').fill(WEB_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^main/ }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await page.goto(`${baseUrl}/app/security/rules`);
    await page.getByLabel('Account').selectOption({ label: 'security' });
    await page.getByTestId('rule-count').waitFor();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('edits a built-in rule within the protected-rule limits, the rest shown locked', async () => {
    interface Rule {
      id: number;
      title: string;
      isProtected: boolean;
      tags?: string[];
      subComponents: {
        queryDefinition: { query?: string };
        trigger: { operator: string; severityThresholdTiers: Record<string, number> };
      }[];
      output?: { recipients?: { emails?: string[] }; suppressNotificationsMinutes?: number };
    }
    const all = (
      await call(t, 'POST', '/v2/security/rules/search', siem.apiToken, { pagination: { pageNumber: 1, pageSize: 1000 } })
    ).json<{ results: Rule[] }>().results;
    const builtIn = all.find((rule) => rule.isProtected && rule.subComponents.length === 1);
    assert.ok(builtIn !== undefined, 'the security account has built-in rules');
    const [severity, threshold] = Object.entries(builtIn.subComponents[0]?.trigger.severityThresholdTiers ?? {})[0] ?? [];
    assert.ok(severity !== undefined && threshold !== undefined);
    await page.getByRole('searchbox', { name: 'Search' }).fill(builtIn.title);
    await page.getByRole('button', { name: `Edit ${builtIn.title}`, exact: true }).click();
    await page.getByText('This is a built-in rule.').waitFor();
    // Focus moved to the form; the locked fields are read-only (focusable, readable) and say why.
    assert.equal(
      await page
        .getByRole('heading', { name: `Edit “${builtIn.title}”` })
        .evaluate((heading) => heading === heading.ownerDocument.activeElement),
      true,
    );
    const name = page.getByLabel('Name (locked)');
    assert.notEqual(await name.getAttribute('readonly'), null);
    assert.equal(await name.getAttribute('aria-describedby'), 'rule-locked-why');
    await name.focus();
    await page.keyboard.type('x');
    assert.equal(await name.inputValue(), builtIn.title);
    assert.notEqual(await page.getByLabel('Query 1 (locked)').getAttribute('readonly'), null);
    assert.notEqual(await page.getByLabel('Operator 1 (locked)').getAttribute('readonly'), null);
    assert.equal(await page.getByLabel('Tags (comma-separated)', { exact: true }).count(), 0, 'its own tags cannot be removed');

    await page.getByLabel(`${severity} threshold 1`).fill(String(threshold + 7));
    await page.getByLabel('Add tags (comma-separated)').fill('reviewed-by-soc');
    await page.getByLabel('E-mail recipients (comma-separated)').fill('soc@example.com');
    await page.getByLabel('Suppress notifications (minutes)').fill('30');
    await screenshotVariants(page, 'security-rule-protected-edit');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Rule “${builtIn.title}” saved.` })
      .waitFor();

    const read = (await call(t, 'GET', `/v2/security/rules/${builtIn.id}`, siem.apiToken)).json<Rule>();
    assert.equal(read.subComponents[0]?.trigger.severityThresholdTiers[severity], threshold + 7);
    assert.deepEqual(read.tags, [...(builtIn.tags ?? []), 'reviewed-by-soc']);
    assert.deepEqual(read.output?.recipients?.emails, ['soc@example.com']);
    assert.equal(read.output?.suppressNotificationsMinutes, 30);
    assert.equal(read.title, builtIn.title);
    assert.equal(read.subComponents[0]?.queryDefinition.query, builtIn.subComponents[0]?.queryDefinition.query);
    assert.equal(read.isProtected, true);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it("edits a custom rule's grouping, aggregation and thresholds", async () => {
    interface Rule {
      queryDefinition: {
        groupBy?: string[];
        aggregation: { aggregationType: string; fieldToAggregateOn?: string | null; valueToAggregateOn?: string | null };
      };
      trigger: { severityThresholdTiers: Record<string, number> };
    }
    const created = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
      title: 'Checkout latency watch',
      searchTimeFrameMinutes: 10,
      enabled: false,
      subComponents: [
        {
          queryDefinition: { query: 'service:checkout', groupBy: ['host'] },
          trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 5 } },
        },
      ],
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json<{ id: number }>().id;
    const read = async (): Promise<Rule | undefined> =>
      (await call(t, 'GET', `/v2/security/rules/${id}`, siem.apiToken)).json<{ subComponents: Rule[] }>().subComponents[0];
    const edit = async (): Promise<void> => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('Checkout latency watch');
      await page.getByRole('button', { name: 'Edit Checkout latency watch', exact: true }).click();
      await page.getByRole('heading', { name: 'Edit “Checkout latency watch”' }).waitFor();
    };
    const saved = () => page.getByRole('status').filter({ hasText: 'Rule “Checkout latency watch” saved.' }).waitFor();

    await edit();
    assert.equal(await page.getByLabel('Aggregation 1').inputValue(), 'COUNT');
    assert.equal(await page.getByLabel('Field to aggregate 1').count(), 0, 'a count takes no field');
    await page.getByLabel('Aggregation 1').selectOption('AVG');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('alert').filter({ hasText: 'AVG needs a field' }).waitFor();
    await page.getByLabel('Field to aggregate 1').fill('latency_ms');
    await page.getByLabel('Group by 1', { exact: true }).fill('host, region');
    await page.getByLabel('Operator 1').selectOption('GREATER_THAN_OR_EQUALS');
    await page.getByLabel('MEDIUM threshold 1').fill('250');
    await page.getByLabel('HIGH threshold 1').fill('800');
    await screenshotVariants(page, 'security-rule-custom-aggregation');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await saved();
    let sub = await read();
    assert.deepEqual(sub?.queryDefinition.groupBy, ['host', 'region']);
    assert.equal(sub?.queryDefinition.aggregation.aggregationType, 'AVG');
    assert.equal(sub?.queryDefinition.aggregation.fieldToAggregateOn, 'latency_ms');
    assert.deepEqual(sub?.trigger.severityThresholdTiers, { MEDIUM: 250, HIGH: 800 });

    // A percentile, then back to a count: the field goes with it, as the API requires.
    await edit();
    assert.equal(await page.getByLabel('Field to aggregate 1').inputValue(), 'latency_ms');
    await page.getByLabel('Aggregation 1').selectOption('PERCENTILE');
    await page.getByLabel('Percentile (95 if empty) 1').fill('140');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('alert').filter({ hasText: 'A percentile between 0 and 100' }).waitFor();
    await page.getByLabel('Percentile (95 if empty) 1').fill('99');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await saved();
    sub = await read();
    assert.equal(sub?.queryDefinition.aggregation.aggregationType, 'PERCENTILE');
    assert.equal(sub?.queryDefinition.aggregation.valueToAggregateOn, '99');
    await edit();
    await page.getByLabel('Aggregation 1').selectOption('COUNT');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await saved();
    sub = await read();
    assert.equal(sub?.queryDefinition.aggregation.aggregationType, 'COUNT');
    assert.equal(sub?.queryDefinition.aggregation.fieldToAggregateOn ?? null, null);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });
});
