/**
 * An invite link for a user who already has a password (decision 0601): the page asks for the current one, and only
 * with it sets the new one. Headless Chromium against the app over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshot, signInPage } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { sqliteBackend } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createWebUser, WEB_PASSWORD } from '../support/web-users.js';

describe('invite page for a user with a password (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;

  before(async () => {
    ensureWebBuilt();
    t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
    await t.listen();
    baseUrl = apiUrlOf(t);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
    await t.close();
  });

  it('asks for the current password before it replaces it', async () => {
    const id = await createWebUser(t, 'kept@example.com', 'USER_ROLE_REGULAR');
    const invite = await call(t, 'POST', '/v1/session/invites', t.apiToken, { userId: id });
    assert.equal(invite.statusCode, 200, invite.body);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}${invite.json<{ path: string }>().path}`);
    await page.getByLabel('New password (10 characters or more)').fill('a replaced passphrase');
    await page.getByLabel('Repeat it').fill('a replaced passphrase');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('alert').filter({ hasText: 'You have a password already' }).waitFor();
    await page.getByLabel('Current password').fill('not the password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('alert').filter({ hasText: 'The current password is wrong' }).waitFor();
    await screenshot(page, 'invite-current-password-asked');
    await page.getByLabel('Current password').fill(WEB_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password set for kept@example.com').waitFor();
    await signInPage(page, baseUrl, 'kept@example.com', 'a replaced passphrase');
    await context.close();
  });
});
