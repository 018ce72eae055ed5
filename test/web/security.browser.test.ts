/**
 * The security pages in a real headless Chromium: rules filtered and switched, a Sigma rule imported by paste, rules
 * and events acted on in bulk, a security event triaged, its logs read and muted, the ATT&CK matrix, and lookup lists
 * filled by paste and CSV. Editing a rule: security-rule-edit.browser.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshotVariants, waitForTitle } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { createSecurityAccount, disableAllRules, type TestSecurityAccount } from '../support/security-accounts.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];

const SIGMA = `title: Lab Whoami Probe
id: 11111111-2222-3333-4444-555555555555
status: test
description: whoami run by someone
author: Test Author
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
`;

interface EventPage {
  total: number;
  results: { status: string; isMuted: boolean; triage: { assignee: string | null; comment: string | null } }[];
}

describe('security pages in a browser', () => {
  let t: TestApp;
  let siem: TestSecurityAccount;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  let listenerUrl: string;
  const now = Date.now();

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    // A clock that stands still: the background scheduler judges no window after the one the test runs, so the
    // rule fires exactly once however long the test takes.
    t = await startTestApp({
      backend,
      clock: createManualClock(now),
      env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN },
      compose: { alertSettleDelayMs: 0 },
    });
    ({ listenerUrl } = await t.listen());
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    siem = await createSecurityAccount(t);
    await disableAllRules(t, siem.apiToken);
    // The admin becomes a member of the security account too, so the header offers it.
    const member = await call(t, 'POST', '/v1/user-management', t.apiToken, {
      username: ADMIN,
      fullName: 'Admin',
      accountID: siem.accountId,
      role: 'USER_ROLE_ACCOUNT_ADMIN',
    });
    assert.equal(member.statusCode, 200, member.body);
    const created = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
      title: 'Bastion password spray',
      description: 'Many failed passwords from one host',
      tags: ['ssh'],
      mitreTags: ['T1110'],
      searchTimeFrameMinutes: 5,
      subComponents: [
        {
          queryDefinition: { query: 'message:"Failed password"', groupBy: ['host'], shouldQueryOnAllAccounts: true },
          trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { HIGH: 3, SEVERE: 100 } },
        },
      ],
    });
    assert.equal(created.statusCode, 201, created.body);
    await shipLogs(
      listenerUrl,
      t.shippingToken,
      'sshd',
      [0, 1, 2].map((i) => ({
        '@timestamp': new Date(now - 80_000 + i * 1000).toISOString(),
        host: 'bastion-1',
        message: `Failed password for root from 10.0.0.${i} port 22 ssh2`,
      })),
    );
    let total = 0;
    for (let i = 0; i < 40 && total === 0; i += 1) {
      await t.app.detection.runCycle(new AbortController().signal);
      total = (await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {})).json<EventPage>().total;
      if (total === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(total, 1);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Member of two accounts: the sign-in page asks which one.
    await page.goto(`${baseUrl}/app/`);
    await page.getByLabel('E-mail').fill(ADMIN);
    await page.getByLabel('Password').fill(WEB_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^main/ }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('says where rules live when opened in a Logs account, then lists them in the security account', async () => {
    await page.goto(`${baseUrl}/app/security/rules`);
    await page.getByText('Rules and security events belong to a security account').waitFor();
    await page.getByLabel('Account').selectOption({ label: 'security' });
    await page.getByTestId('rule-count').waitFor();
    // A reload in the security account keeps the session (it reads itself there too).
    await page.reload();
    await page.getByTestId('rule-count').waitFor();
    await waitForTitle(page, 'Security rules · Logward');
    await page.getByRole('searchbox', { name: 'Search' }).fill('password spray');
    await page
      .getByTestId('rule-count')
      .filter({ hasText: /^1 rule$/ })
      .waitFor();
    const toggle = page.getByLabel('Enabled: Bastion password spray');
    // The switch moves with the optimistic update, just after the click: click, then wait for it.
    await toggle.click();
    for (let i = 0; i < 100 && (await toggle.isChecked()); i += 1) await page.waitForTimeout(100);
    assert.equal(await toggle.isChecked(), false);
    await page.getByLabel('State').selectOption('false');
    await page
      .getByTestId('rule-count')
      .filter({ hasText: /^1 rule$/ })
      .waitFor();
    const rules = await call(t, 'POST', '/v2/security/rules/search', siem.apiToken, { filter: { search: 'password spray' } });
    assert.equal(rules.json<{ results: { enabled: boolean }[] }>().results[0]?.enabled, false);
    // Checked, it leaves the list of disabled rules at once.
    await page.getByLabel('Enabled: Bastion password spray').click();
    await page
      .getByTestId('rule-count')
      .filter({ hasText: /^0 rules$/ })
      .waitFor();
    await page.getByLabel('State').selectOption('');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it('imports a Sigma rule pasted into the page', async () => {
    await page.getByRole('button', { name: 'Import Sigma rules…' }).click();
    await page.getByLabel('Sigma YAML (several rules separated by ---)').fill(SIGMA);
    await screenshotVariants(page, 'security-sigma-import');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Imported: Lab Whoami Probe' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Lab Whoami');
    await page
      .getByTestId('rule-count')
      .filter({ hasText: /^1 rule$/ })
      .waitFor();
    assert.match((await page.locator('[data-testid=rules] tbody tr').first().textContent()) ?? '', /Lab Whoami Probe.*HIGH.*T1033/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await screenshotVariants(page, 'security-rules');
  });

  it('triages a security event, reads its logs and mutes it', async () => {
    await page.getByRole('link', { name: 'Security events' }).click();
    await page
      .getByTestId('event-count')
      .filter({ hasText: /^1 event$/ })
      .waitFor();
    await page.getByRole('button', { name: /^Triage Bastion password spray/ }).click();
    await page.getByLabel('Status').selectOption('IN_PROGRESS');
    await page.getByLabel('Assignee').fill('analyst@example.com');
    await page.getByLabel('Comment').fill('Looking at bastion-1');
    await page.getByRole('button', { name: 'Save triage' }).click();
    await page.getByRole('status').filter({ hasText: 'Triage saved.' }).waitFor();
    let events = (await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {})).json<EventPage>();
    assert.equal(events.results[0]?.status, 'IN_PROGRESS');
    assert.equal(events.results[0]?.triage.assignee, 'analyst@example.com');
    assert.equal(events.results[0]?.triage.comment, 'Looking at bastion-1');

    await page.getByRole('button', { name: 'Show the 3 logs' }).click();
    await page.locator('[data-testid=event-logs] tbody tr').nth(2).waitFor();
    assert.equal(await page.locator('[data-testid=event-logs] tbody tr').count(), 3);
    const discover = new URL((await page.getByRole('link', { name: 'Open in Discover' }).getAttribute('href')) ?? '', baseUrl);
    assert.equal(discover.searchParams.get('q'), '(message:"Failed password") AND host:"bastion-1"');
    await screenshotVariants(page, 'security-events-triage', async () => {
      await page.getByRole('heading', { name: /^Bastion password spray/ }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(250);
    });

    await page.getByLabel('Mute this event').check();
    await page.getByLabel('Mute for').selectOption({ label: '24 hours' });
    await page.getByRole('button', { name: 'Save triage' }).click();
    await page
      .getByTestId('event-count')
      .filter({ hasText: /^0 events$/ })
      .waitFor();
    await page.getByLabel('Show muted events').check();
    await page
      .getByTestId('event-count')
      .filter({ hasText: /^1 event$/ })
      .waitFor();
    assert.match((await page.locator('[data-testid=events] tbody tr').first().textContent()) ?? '', /in progress.*muted/);
    events = (
      await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, { filter: { includeMutedEvents: true } })
    ).json<EventPage>();
    assert.equal(events.results[0]?.isMuted, true);
  });

  it('triages several security events at once', async () => {
    const rule = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
      title: 'Bastion sudo abuse',
      searchTimeFrameMinutes: 5,
      subComponents: [
        {
          queryDefinition: { query: 'message:"sudo abuse"', groupBy: ['host'], shouldQueryOnAllAccounts: true },
          trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { MEDIUM: 1 } },
        },
      ],
    });
    assert.equal(rule.statusCode, 201, rule.body);
    await shipLogs(
      listenerUrl,
      t.shippingToken,
      'sshd',
      ['bastion-2', 'bastion-3', 'bastion-4'].map((host, i) => ({
        '@timestamp': new Date(now - 70_000 + i * 1000).toISOString(),
        host,
        message: `sudo abuse by deploy on ${host}`,
      })),
    );
    const sudoEvents = async () =>
      (
        await call(t, 'POST', '/v2/security/rules/events/search', siem.apiToken, {
          filter: { searchTerm: 'sudo abuse', includeMutedEvents: true },
        })
      ).json<EventPage>();
    for (let i = 0; i < 40 && (await sudoEvents()).total < 3; i += 1) {
      await t.app.detection.runCycle(new AbortController().signal);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal((await sudoEvents()).total, 3);
    await page.getByLabel('Show muted events').uncheck();
    await page.getByRole('searchbox', { name: 'Search' }).fill('sudo abuse');
    await page
      .getByTestId('event-count')
      .filter({ hasText: /^3 events$/ })
      .waitFor();
    await page.getByLabel('Select every row shown').check();
    // One left out with the keyboard: two are triaged.
    const rows = page.locator('[data-testid=events] tbody tr');
    await rows.nth(2).getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('bulk-count').filter({ hasText: '2 events selected' }).waitFor();
    const bar = page.getByRole('region', { name: 'Actions on the selected events' });
    await bar.getByLabel('Set status').selectOption('RESOLVED');
    await bar.getByLabel('Assign to').fill('night-shift@example.com');
    await screenshotVariants(page, 'security-events-bulk');
    await bar.getByRole('button', { name: 'Apply triage' }).click();
    await page.getByTestId('bulk-result').filter({ hasText: '2 events triaged' }).waitFor();
    const triaged = (await sudoEvents()).results.filter((event) => event.status === 'RESOLVED');
    assert.equal(triaged.filter((event) => event.triage.assignee === 'night-shift@example.com').length, 2, 'two resolved and assigned');

    await page.getByLabel('Select every row shown').check();
    await page.getByRole('region', { name: 'Actions on the selected events' }).getByRole('button', { name: 'Mute' }).click();
    await page
      .getByTestId('event-count')
      .filter({ hasText: /^0 events$/ })
      .waitFor();
    const muted = (await sudoEvents()).results;
    assert.ok(muted.length === 3 && muted.every((event) => event.isMuted), 'all three muted');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it('enables, disables and deletes rules in bulk, ticked or all matching', async () => {
    for (const title of ['Bulk rule A', 'Bulk rule B', 'Bulk rule C']) {
      const created = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
        title,
        subComponents: [
          {
            queryDefinition: { query: `message:"${title}"` },
            trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { LOW: 1 } },
          },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
    }
    const bulkRules = async () =>
      (await call(t, 'POST', '/v2/security/rules/search', siem.apiToken, { filter: { search: 'Bulk rule' } })).json<{
        results: { title: string; enabled: boolean }[];
      }>().results;
    await page.getByRole('navigation', { name: 'Security' }).getByRole('link', { name: 'Rules' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Bulk rule');
    await page
      .getByTestId('rule-count')
      .filter({ hasText: /^3 rules$/ })
      .waitFor();
    await page.getByLabel('Select Bulk rule A').check();
    await page.getByRole('button', { name: 'Select all 3 rules matching' }).click();
    await page.getByTestId('bulk-count').filter({ hasText: 'All 3 rules matching selected' }).waitFor();
    await page.getByRole('region', { name: 'Actions on the selected rules' }).getByRole('button', { name: 'Disable' }).click();
    await page.getByTestId('bulk-result').filter({ hasText: '3 rules disabled' }).waitFor();
    assert.deepEqual(
      (await bulkRules()).map((rule) => rule.enabled),
      [false, false, false],
    );

    await page.getByLabel('Select Bulk rule B').check();
    await page.getByLabel('Select Bulk rule C').check();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByTestId('bulk-result').filter({ hasText: '2 rules deleted' }).waitFor();
    assert.deepEqual(
      (await bulkRules()).map((rule) => rule.title),
      ['Bulk rule A'],
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it('draws the ATT&CK coverage of the enabled rules', async () => {
    await page.getByRole('link', { name: 'MITRE ATT&CK' }).click();
    await waitForTitle(page, 'MITRE ATT&CK coverage · Logward');
    await page.locator('.tactic li.covered', { hasText: 'T1033' }).waitFor();
    await screenshotVariants(page, 'security-mitre');
  });

  it('fills a lookup list by paste and by a CSV file, with expiry shown', async () => {
    await page.getByLabel('Account').selectOption({ label: 'main' });
    // The switched session is in place once the matrix says it belongs to a security account.
    await page.getByText('Rules and security events belong to a security account').waitFor();
    await page.getByRole('link', { name: 'Lookup lists' }).click();
    await page.getByLabel('Name of a new list').fill('Bad IPs');
    await page.getByLabel('Description', { exact: true }).fill('Known scanners');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('link', { name: 'Bad IPs' }).click();
    await waitForTitle(page, 'Lookup list: Bad IPs · Logward');
    await page.getByLabel(/^Values, one a line/).fill('10.0.0.1,scanner\n10.0.0.2');
    await page.getByLabel('Expire after').selectOption({ label: '7 days' });
    await page.getByRole('button', { name: 'Add 2 elements' }).click();
    await page
      .getByTestId('element-count')
      .filter({ hasText: /^2 elements$/ })
      .waitFor();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'ips.csv', mimeType: 'text/csv', buffer: Buffer.from('value,comment\n"10.0.0.3","from, a CSV"\n') });
    await page.getByLabel('Expire after').selectOption({ label: 'Never' });
    await page.getByRole('button', { name: 'Add 1 element' }).click();
    await page
      .getByTestId('element-count')
      .filter({ hasText: /^3 elements$/ })
      .waitFor();
    const rows = await page.locator('[data-testid=elements] tbody tr').allTextContents();
    assert.ok(rows.some((row) => row.includes('10.0.0.3') && row.includes('from, a CSV') && row.includes('never')));
    assert.ok(rows.some((row) => row.includes('10.0.0.1') && row.includes('scanner') && !row.includes('never')));
    await screenshotVariants(page, 'security-lookup-list');
  });
});
