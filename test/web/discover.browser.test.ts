/**
 * Discover in a real headless Chromium (Debian's, driven by playwright-core): sign in, ship logs, search, complete a
 * field name, see a bad query's position, filter from the sidebar, zoom the histogram, expand a row, live tail,
 * reload from the URL; a suspended user's open page is signed out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshot, signInPage } from '../support/browser.js';
import { call, createSubAccount } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, createWebUser, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];
const LOGS = 40;

async function searchableCount(t: TestApp, query: string): Promise<number> {
  const response = await call(t, 'POST', '/v1/search', t.apiToken, { query: { query_string: { query } }, size: 0 });
  return response.json<{ hits: { total: number } }>().hits.total;
}

async function waitForCount(t: TestApp, query: string, expected: number): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await searchableCount(t, query)) >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`logs matching ${query} never reached ${expected}`);
}

/** Polls a condition from the test (the page's CSP forbids the evaluated strings waitForFunction needs). */
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Discover in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  let listenerUrl: string;
  const now = Date.now();

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    listenerUrl = (await t.listen()).listenerUrl;
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    const logs = Array.from({ length: LOGS }, (_, i) => ({
      '@timestamp': new Date(now - 60_000 - i * 40_000).toISOString(),
      message: i % 4 === 0 ? `payment failed for order ${i}: timeout` : `request served in ${i} ms`,
      level: i % 4 === 0 ? 'error' : 'info',
      host: i % 2 === 0 ? 'web-1' : 'web-2',
      status: i % 4 === 0 ? 500 : 200,
    }));
    await shipLogs(listenerUrl, t.shippingToken, 'checkout', logs);
    await waitForCount(t, '*', LOGS);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const hitsText = async (): Promise<string> => (await page.getByTestId('hits-count').textContent()) ?? '';
  const waitForHits = async (count: number): Promise<void> => {
    await page
      .getByTestId('hits-count')
      .filter({ hasText: new RegExp(`^${count} hits`) })
      .waitFor({ timeout: 30_000 });
  };
  const query = () => page.getByRole('combobox', { name: 'Query (Lucene syntax)' });

  it('searches, newest first, with the time zone shown and matches highlighted', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(LOGS);
    await query().fill('level:error AND message:payment');
    await query().press('Enter');
    await waitForHits(10);
    assert.match(page.url(), /q=level%3Aerror/);
    const firstTime = await page.locator('.logs tbody tr.log-row td.time').first().textContent();
    const secondTime = await page.locator('.logs tbody tr.log-row td.time').nth(1).textContent();
    assert.ok((firstTime ?? '') > (secondTime ?? ''), `${firstTime} before ${secondTime}`);
    assert.ok((await page.locator('.logs mark').count()) > 0, 'matches are marked');
    assert.notEqual(await page.locator('.time-picker .tz').textContent(), '');
  });

  it('searches an older range within retention and names the range it searched', async () => {
    const from = new Date(now - 4 * 86_400_000).toISOString();
    const to = new Date(now - 3.5 * 86_400_000).toISOString();
    await page.goto(`${baseUrl}/app/discover?from=${from}&to=${to}`);
    await waitForHits(0);
    assert.match((await page.getByTestId('range').textContent()) ?? '', /→.*logs kept 30 days/);
  });

  it('completes field names and shows where a bad query breaks', async () => {
    await query().fill('hos');
    await page.getByRole('option', { name: 'host text' }).waitFor();
    await query().press('Tab');
    assert.equal(await query().inputValue(), 'host:');
    // The completion puts the caret after it on the next frame: a fill before then would type at that caret.
    await query().evaluate(
      () =>
        new Promise((resolve) => {
          const frame = (globalThis as unknown as { requestAnimationFrame: (next: () => void) => number }).requestAnimationFrame;
          frame(() => frame(() => resolve(null)));
        }),
    );
    await query().fill('level:error AND ) x');
    await query().press('Enter');
    const alert = page.locator('.query-error');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /position 16/);
    // The caret line points under the ')'.
    assert.equal((await page.locator('.query-caret').textContent())?.split('\n')[1], `${' '.repeat(16)}^`);
    await query().fill('level:(error');
    await query().press('Enter');
    await page
      .locator('.query-caret')
      .filter({ hasText: `\n${' '.repeat(12)}^` })
      .waitFor();
  });

  it('is usable by keyboard: / focuses the query, Enter searches, Tab reaches a row to expand', async (context) => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(LOGS);
    await page.locator('body').press('/');
    await page.keyboard.type('status:500');
    const started = Date.now();
    await page.keyboard.press('Enter');
    await waitForHits(10);
    const ms = Date.now() - started;
    const row = page.locator('.logs tr.log-row').first();
    for (let i = 0; i < 80 && !(await row.evaluate((element) => element === element.ownerDocument.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('doc-table').waitFor();
    context.diagnostic(`Enter → first page and histogram shown: ${ms} ms (${LOGS} logs)`);
    assert.ok(ms < 5000, `first page and histogram in ${ms} ms`);
  });

  it('filters from the sidebar and zooms the histogram by dragging', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(LOGS);
    await page.locator('li[data-field="host"] button.field-name').click();
    await page.getByTestId('field-stats-host').waitFor();
    assert.match(
      (await page.getByTestId('field-stats-host').textContent()) ?? '',
      /In 40 of 40 matching logs \(100%\)\. Top values of the newest 40/,
    );
    await page.getByRole('button', { name: 'Filter for host web-1' }).click();
    await waitForHits(LOGS / 2);
    assert.equal(await query().inputValue(), 'host:"web-1"');
    await page
      .getByRole('button', { name: 'Filter out level info' })
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    const box = await page.getByTestId('histogram').boundingBox();
    assert.ok(box !== null);
    const before = await hitsText();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForURL(/from=\d{4}-\d\d-\d\dT/);
    // One reading decides: the text may move on (a newer count) between two reads.
    let zoomed = Number.NaN;
    await until(async () => {
      const text = await hitsText();
      if (!/^\d+ hits/.test(text) || text === before) return false;
      zoomed = Number(/^(\d+)/.exec(text)?.[1]);
      return true;
    });
    assert.ok(zoomed > 0 && zoomed < LOGS / 2, `zoomed to ${zoomed} hits`);
  });

  it('expands a row as a table and as JSON, and keeps the view in the URL across a reload', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=level%3Aerror&cols=host%2Cmessage`);
    await waitForHits(10);
    assert.deepEqual(await page.locator('.logs thead th').allTextContents(), ['Expand', 'Time ↓', 'host×', 'message×']);
    await page.getByRole('button', { name: 'Expand log' }).first().click();
    const table = page.getByTestId('doc-table');
    await table.waitFor();
    assert.match((await table.textContent()) ?? '', /payment failed for order 0/);
    await page.getByRole('tab', { name: 'JSON' }).click();
    const json = JSON.parse((await page.getByTestId('doc-json').textContent()) ?? '{}') as { level?: string };
    assert.equal(json.level, 'error');
    await screenshot(page, 'discover');
    await page.reload();
    await waitForHits(10);
    assert.equal(await query().inputValue(), 'level:error');
  });

  it('scrolls to load more and streams new logs in while live tail runs', async () => {
    const more = Array.from({ length: 80 }, (_, i) => ({
      '@timestamp': new Date(now - 30_000 - i * 10).toISOString(),
      message: `bulk ${i}`,
      level: 'debug',
    }));
    await shipLogs(listenerUrl, t.shippingToken, 'checkout', more);
    await waitForCount(t, 'level:debug', 80);
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=level%3Adebug`);
    await waitForHits(80);
    assert.equal(await page.locator('.logs tr.log-row').count(), 50);
    await page.getByText('Loading more…').scrollIntoViewIfNeeded();
    await until(async () => (await page.locator('.logs tr.log-row').count()) === 80);

    await page.getByRole('button', { name: 'Live tail' }).click();
    await shipLogs(listenerUrl, t.shippingToken, 'checkout', [{ message: 'tailed arrival', level: 'debug' }]);
    await page.locator('.logs tr.log-row').first().filter({ hasText: 'tailed arrival' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Pause live tail' }).click();
  });

  it('lets a user of two accounts pick one at sign-in and switch in the header', async () => {
    const sub = await createSubAccount(t, { accountName: 'team-b' });
    await createWebUser(t, 'both@example.com', 'USER_ROLE_REGULAR');
    const joined = await call(t, 'POST', '/v1/user-management', t.apiToken, {
      username: 'both@example.com',
      fullName: 'both',
      accountID: sub.accountId,
      role: 'USER_ROLE_READONLY',
    });
    assert.equal(joined.statusCode, 200, joined.body);
    const context = await browser.newContext();
    const other = await context.newPage();
    // team-b's page asks for its fields; that answer is held until the switch to main has deleted team-b's session,
    // and then comes back as such a request does (401): the page must stay signed in to main.
    let held: Route | undefined;
    await other.route('**/v1/elasticsearch/_field_caps**', async (route) => {
      if (held === undefined) held = route;
      else await route.continue();
    });
    await other.goto(`${baseUrl}/app/`);
    await other.getByLabel('E-mail').fill('both@example.com');
    await other.getByLabel('Password').fill(WEB_PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await other.getByRole('button', { name: /^team-b/ }).click();
    await other.getByText('both@example.com (read-only)').waitFor();
    await until(async () => held !== undefined);
    await other.getByLabel('Account').selectOption({ label: 'main' });
    await other.getByText('both@example.com (regular)').waitFor();
    const heldRequest = held?.request();
    const late = other.waitForEvent('requestfinished', (request) => request === heldRequest);
    await held?.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Not signed in"}' });
    await late;
    // The page has read the late answer once a task queued after it has run.
    await other.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    assert.equal(await other.getByRole('button', { name: 'Sign in' }).count(), 0, 'a late 401 of the old session signed the page out');
    await other.getByText('both@example.com (regular)').waitFor();
    await other.unroute('**/v1/elasticsearch/_field_caps**');
    // Removed from team-b meanwhile: switching back says why it failed and keeps the account in use.
    const removed = await call(t, 'DELETE', `/v1/user-management/${joined.json<{ id: number }>().id}`, sub.apiToken);
    assert.equal(removed.statusCode, 200, removed.body);
    await other.getByLabel('Account').selectOption({ label: 'team-b' });
    await other.getByRole('alert').filter({ hasText: 'Could not switch account' }).waitFor();
    await other.getByText('both@example.com (regular)').waitFor();
    await screenshot(other, 'account-switch-refused');
    await context.close();
  });

  it('sets a password from an invite link, signs in, and signs out', async () => {
    const created = await call(t, 'POST', '/v1/user-management', t.apiToken, {
      username: 'new@example.com',
      fullName: 'New',
      accountID: t.mainAccountId,
      role: 'USER_ROLE_REGULAR',
    });
    const invite = await call(t, 'POST', '/v1/session/invites', t.apiToken, { userId: created.json<{ id: number }>().id });
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(`${baseUrl}${invite.json<{ path: string }>().path}`);
    await other.getByLabel('New password (10 characters or more)').fill('another long passphrase');
    await other.getByLabel('Repeat it').fill('another long passphrase');
    await other.getByRole('button', { name: 'Set password' }).click();
    await other.getByText('Password set for new@example.com').waitFor();
    await signInPage(other, baseUrl, 'new@example.com', 'another long passphrase');
    const [session] = (await context.cookies()).filter((cookie) => cookie.name === 'logward_session');
    assert.deepEqual({ httpOnly: session?.httpOnly, sameSite: session?.sameSite }, { httpOnly: true, sameSite: 'Strict' });
    assert.equal(await other.evaluate('document.cookie'), '', 'scripts cannot read the session');
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    const cookies = await context.cookies();
    assert.deepEqual(
      cookies.filter((cookie) => cookie.name === 'logward_session' && cookie.value !== ''),
      [],
      'the cookie is cleared',
    );
    await context.close();
  });

  it("signs out a suspended user's open page", async () => {
    const id = await createWebUser(t, 'leaving@example.com', 'USER_ROLE_REGULAR');
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInPage(other, baseUrl, 'leaving@example.com', WEB_PASSWORD);
    assert.equal((await call(t, 'POST', `/v1/user-management/suspend/${id}`, t.apiToken)).statusCode, 200);
    await other.getByText('Your session has ended').waitFor({ timeout: 15_000 });
    await context.close();
  });
});
