/**
 * The admin pages in a real headless Chromium: a user added, invited (the link sets a password), given a role and
 * suspended (their open page signs out); tabs shown by role; an endpoint tested against a real webhook receiver;
 * secrets masked; an endpoint edited with its secret kept when left blank; sub accounts with capacity and usage;
 * shipping tokens; shared tokens' filters edited; authentication groups created, mapped to roles and saved.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshotVariants, signInPage, waitForTitle } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const BOB = 'bob@example.com';
const BOB_PASSWORD = 'bob has a long password';
const backend = controlPlaneBackends[0];

describe('admin pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let bobContext: BrowserContext;
  let bob: Page;
  let baseUrl: string;
  let receiver: HttpReceiver;

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    receiver = await startHttpReceiver();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    await t.listen();
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Deleting and saving groups ask for a confirmation; the test says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  it('adds a user and invites them; the link sets their password', async () => {
    await page.goto(`${baseUrl}/app/admin/users`);
    await waitForTitle(page, 'Users · Logward');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('An e-mail is required').waitFor();
    await page.getByLabel('E-mail').fill(BOB);
    await page.getByLabel('Full name').fill('Bob Builder');
    await page.getByRole('form', { name: 'Add a user' }).getByLabel(/^Role/).selectOption('USER_ROLE_REGULAR');
    await page.getByRole('button', { name: 'Add user' }).click();
    const row = page.locator('[data-testid=users] tbody tr', { hasText: BOB });
    await row.waitFor();
    await row.getByRole('button', { name: /^Invite link/ }).click();
    const link = await page.getByLabel('Invite link').inputValue();
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/app\/invite/);
    await screenshotVariants(page, 'admin-users');

    bobContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    bob = await bobContext.newPage();
    await bob.goto(link);
    await bob.getByLabel('New password (10 characters or more)').fill(BOB_PASSWORD);
    await bob.getByLabel('Repeat it').fill(BOB_PASSWORD);
    await bob.getByRole('button', { name: 'Set password' }).click();
    await bob
      .getByRole('status')
      .filter({ hasText: `Password set for ${BOB}` })
      .waitFor();
    await signInPage(bob, baseUrl, BOB, BOB_PASSWORD);
  });

  it('shows a regular user only the admin tabs their role may use', async () => {
    await bob.goto(`${baseUrl}/app/admin`);
    await bob.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).waitFor();
    const tabs = await bob.getByRole('navigation', { name: 'Administration' }).getByRole('link').allTextContents();
    assert.deepEqual(tabs, ['Users', 'Notification endpoints']);
    // No buttons to change other people.
    await bob.locator('[data-testid=users] tbody tr').first().waitFor();
    assert.equal(await bob.getByRole('button', { name: /^Suspend/ }).count(), 0);
    await bob.goto(`${baseUrl}/app/admin/tokens`);
    await bob.getByText('This page is for account admins.').waitFor();
    await bob.goto(`${baseUrl}/app/admin/auth-groups`);
    await bob.getByText('This page is for account admins.').waitFor();
  });

  it('changes a role and suspends a user, whose open page then signs out', async () => {
    const row = page.locator('[data-testid=users] tbody tr', { hasText: BOB });
    await page.getByLabel(`Role of ${BOB}`).selectOption('USER_ROLE_READONLY');
    await row.filter({ hasText: 'active' }).waitFor();
    const users = (await call(t, 'GET', '/v1/user-management', t.apiToken)).json<{ username: string; role: string; active: boolean }[]>();
    assert.equal(users.find((user) => user.username === BOB)?.role, 'USER_ROLE_READONLY');
    await row.getByRole('button', { name: `Suspend ${BOB}` }).click();
    await row.filter({ hasText: 'suspended' }).waitFor();
    const after = (await call(t, 'GET', '/v1/user-management', t.apiToken)).json<{ username: string; active: boolean }[]>();
    assert.equal(after.find((user) => user.username === BOB)?.active, false);
    await bob.getByText('Your session has ended. Sign in again.').waitFor({ timeout: 15_000 });
    await bobContext.close();
  });

  it('tests a notification endpoint against a real webhook receiver, then keeps its secret masked', async () => {
    await page.getByRole('link', { name: 'Notification endpoints' }).click();
    await waitForTitle(page, 'Notification endpoints · Logward');
    await page.getByLabel('Type').selectOption('custom');
    await page.getByLabel('Title').fill('Ops webhook');
    await page.getByLabel('URL').fill(`${receiver.url}/ops`);
    await page.getByLabel('Body template (JSON)').fill('{"text": "{{alert_title}}"}');
    await page.getByRole('button', { name: 'Send a test' }).click();
    await page.getByRole('status').filter({ hasText: 'A test message went to “Ops webhook”.' }).waitFor();
    await receiver.waitFor(1);
    assert.equal(receiver.requests[0]?.path, '/ops');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.locator('[data-testid=endpoints] tbody tr', { hasText: 'Ops webhook' }).waitFor();

    await page.getByLabel('Type').selectOption('pager-duty');
    await page.getByLabel('Title').fill('Pager');
    await page.getByLabel('Service key').fill('pd-secret-key-9876');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const pager = page.locator('[data-testid=endpoints] tbody tr', { hasText: 'Pager' });
    await pager.waitFor();
    assert.doesNotMatch((await pager.textContent()) ?? '', /pd-secret-key/);
    assert.match((await pager.textContent()) ?? '', /••••9876/);
    await screenshotVariants(page, 'admin-endpoints');
  });

  it('edits an endpoint: a secret left blank is kept, a typed one replaces it', async () => {
    const pager = page.locator('[data-testid=endpoints] tbody tr', { hasText: 'Pager' });
    await pager.getByRole('button', { name: 'Edit Pager' }).click();
    await page.getByRole('heading', { name: 'Edit “Pager”' }).waitFor();
    const key = page.getByLabel('Service key');
    assert.equal(await key.inputValue(), '');
    assert.equal(await key.getAttribute('placeholder'), 'Unchanged (••••9876)');
    assert.equal(await page.getByLabel('Title').inputValue(), 'Pager');
    await page.getByLabel('Title').fill('Pager night shift');
    await screenshotVariants(page, 'admin-endpoint-edit');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('status').filter({ hasText: '“Pager night shift” saved.' }).waitFor();
    await page.locator('[data-testid=endpoints] tbody tr', { hasText: 'Pager night shift' }).waitFor();
    const read = async () =>
      (await call(t, 'GET', '/v1/endpoints', t.apiToken)).json<{ id: number; title: string; serviceKey?: string }[]>();
    const kept = (await read()).find((endpoint) => endpoint.title === 'Pager night shift');
    assert.equal(kept?.serviceKey, 'pd-secret-key-9876');
    assert.equal((await read()).filter((endpoint) => endpoint.title.startsWith('Pager')).length, 1, 'edited, not added');

    await page.getByRole('button', { name: 'Edit Pager night shift' }).click();
    await page.getByLabel('Service key').fill('pd-rotated-key-1234');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.locator('[data-testid=endpoints] tbody tr', { hasText: '••••1234' }).waitFor();
    assert.equal((await read()).find((endpoint) => endpoint.id === kept?.id)?.serviceKey, 'pd-rotated-key-1234');
    assert.doesNotMatch((await page.locator('[data-testid=endpoints]').textContent()) ?? '', /pd-rotated/);
  });

  it('creates a sub account with its capacity and an API token shown masked', async () => {
    await page.getByRole('link', { name: 'Sub accounts' }).click();
    await waitForTitle(page, 'Sub accounts · Logward');
    await page.getByLabel('Name', { exact: true }).fill('team-b');
    await page.getByLabel('Capacity (GB a day)').fill('5');
    await page.getByLabel('Retention (days)').fill('14');
    await page.getByRole('button', { name: 'Create sub account' }).click();
    const row = page.locator('[data-testid=accounts] tbody tr', { hasText: 'team-b' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /team-b\d+514/);
    await row.getByRole('button', { name: /^New API token/ }).click();
    const secret = page.getByRole('status').getByTestId('secret');
    assert.match((await secret.textContent()) ?? '', /^••••.{4}$/);
    await page.getByRole('status').getByRole('button', { name: /^Show/ }).click();
    assert.ok(((await secret.textContent()) ?? '').length > 8);
    await screenshotVariants(page, 'admin-sub-accounts');
  });

  it('lists shipping tokens masked, and disables one', async () => {
    await page.getByRole('link', { name: 'Shipping tokens' }).click();
    await waitForTitle(page, 'Shipping tokens · Logward');
    await page.getByLabel('Name of a new token').fill('edge shippers');
    await page.getByRole('button', { name: 'Create token' }).click();
    const row = page.locator('[data-testid=shipping-tokens] tbody tr', { hasText: 'edge shippers' });
    await row.waitFor();
    assert.doesNotMatch((await page.locator('[data-testid=shipping-tokens]').textContent()) ?? '', new RegExp(t.shippingToken));
    await page.getByLabel('Enabled: edge shippers').click();
    for (let i = 0; i < 50; i += 1) {
      const listed = (await call(t, 'POST', '/v1/log-shipping/tokens/search', t.apiToken, {})).json<{
        results: { name: string; enabled: boolean }[];
      }>();
      if (listed.results.find((token) => token.name === 'edge shippers')?.enabled === false) break;
      assert.ok(i < 49, 'the token was not disabled');
      await page.waitForTimeout(100);
    }
    await screenshotVariants(page, 'admin-shipping-tokens');
  });

  it("edits a shared token's filters; the token stays the same", async () => {
    // Shared tokens are a feature the operator grants an account.
    await t.app.featureGrants.grant(t.mainAccountId, 'shared-tokens');
    await page.getByRole('link', { name: 'Shared tokens' }).click();
    await waitForTitle(page, 'Shared tokens · Logward');
    for (const [field, value] of [
      ['env', 'prod'],
      ['team', 'payments'],
    ] as const) {
      await page.getByLabel('Filter field').fill(field);
      await page.getByLabel('Filter value').fill(value);
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('group', { name: 'Filters of the token' }).getByLabel(`${field}=${value}`).waitFor();
    }
    await page.getByLabel('Name', { exact: true }).fill('status board');
    await page.getByRole('group', { name: 'Filters of the token' }).getByLabel('env=prod').check();
    await page.getByRole('button', { name: 'Create shared token' }).click();
    const row = page.locator('[data-testid=shared-tokens] tbody tr', { hasText: 'status board' });
    await row.filter({ hasText: 'env=prod' }).waitFor();
    const before = (await call(t, 'GET', '/v1/shared-tokens', t.apiToken)).json<{ id: number; name: string; token: string }[]>();
    const token = before.find((candidate) => candidate.name === 'status board');
    assert.ok(token !== undefined);

    await row.getByRole('button', { name: 'Edit filters of status board' }).click();
    const group = page.getByRole('group', { name: 'Filters of status board' });
    await group.getByLabel('team=payments').check();
    await page.getByLabel('Combine filters with').selectOption('OR');
    await screenshotVariants(page, 'admin-shared-token-edit');
    await page.getByRole('button', { name: 'Save filters' }).click();
    await page.getByRole('status').filter({ hasText: 'Filters of “status board” saved.' }).waitFor();
    await row.filter({ hasText: 'env=prod OR team=payments' }).waitFor();
    const after = (await call(t, 'GET', `/v1/shared-tokens/${token.id}`, t.apiToken)).json<{
      token: string;
      filters: number[];
      filtersOperator: string;
    }>();
    assert.equal(after.filters.length, 2);
    assert.equal(after.filtersOperator, 'OR');
    assert.equal(after.token, token.token, 'the token itself is unchanged');
  });

  it('maps authentication groups to roles and saves them in one request', async () => {
    await page.getByRole('link', { name: 'Authentication groups' }).click();
    await waitForTitle(page, 'Authentication groups · Logward');
    await page.getByText('No groups: only invited users sign in.').waitFor();
    for (const [group, role] of [
      ['sre-oncall', 'USER_ROLE_ACCOUNT_ADMIN'],
      ['auditors', 'USER_ROLE_READONLY'],
    ] as const) {
      await page.getByLabel('Group name').fill(group);
      await page.getByLabel('Role of its members').selectOption(role);
      await page.getByRole('button', { name: 'Add group' }).click();
    }
    // A name already listed is refused before anything is sent.
    await page.getByLabel('Group name').fill('auditors');
    await page.getByText('That group is already in the list.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add group' }).isDisabled(), true);
    await page.getByLabel('Group name').fill('');
    const listed = async () =>
      (await call(t, 'GET', '/v1/authentication/groups', t.apiToken)).json<{ group: string; userRole: string }[]>();
    assert.deepEqual(await listed(), [], 'nothing is saved before Save');
    await screenshotVariants(page, 'admin-auth-groups');
    await page.getByRole('button', { name: 'Save groups' }).click();
    await page.getByRole('status').filter({ hasText: 'Groups saved.' }).waitFor();
    assert.deepEqual(await listed(), [
      { group: 'sre-oncall', userRole: 'USER_ROLE_ACCOUNT_ADMIN' },
      { group: 'auditors', userRole: 'USER_ROLE_READONLY' },
    ]);

    // Saving ended every session of the account, this page's too (the open page may notice on its own next request,
    // so the test does not click in it): a fresh load asks to sign in again.
    await page.goto(`${baseUrl}/app/admin/users`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
    await page.goto(`${baseUrl}/app/admin/auth-groups`);
    await page.locator('[data-testid=auth-groups] tbody tr', { hasText: 'auditors' }).waitFor();

    // Remapped and one removed, with the keyboard only.
    await page.getByLabel('Role of group auditors').focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByLabel('Role of group auditors').inputValue(), 'USER_ROLE_REGULAR');
    await page.getByRole('button', { name: 'Remove group sre-oncall' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save groups' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Groups saved.' }).waitFor();
    assert.deepEqual(await listed(), [{ group: 'auditors', userRole: 'USER_ROLE_REGULAR' }]);
  });
});
