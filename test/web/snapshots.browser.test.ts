/**
 * Issue 49 item 6 in a real headless Chromium: "Take a snapshot" on a saved dashboard sends it to a real SMTP server,
 * and the list shows it In progress, then Done with its image link (decision 0672).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshot, signInPage } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends, sqliteBackend } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { hourOfLogs, visAttributes } from '../support/snapshots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0] ?? sqliteBackend;

describe('snapshots in the web app', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  let dashboardId = '';

  before(async () => {
    ensureWebBuilt();
    smtp = await startSmtpReceiver();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN, LOGWARD_SMTP_URL: smtp.url } });
    const { listenerUrl } = await t.listen();
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    await shipLogs(listenerUrl, t.shippingToken, 'web', hourOfLogs(Date.now() - 3_600_000));
    const vis = await call(t, 'POST', '/v1/saved-objects/visualization', t.apiToken, {
      attributes: visAttributes('Logs by level', { type: 'histogram', metric: 'count', metricField: '', split: 'level', size: 5 }),
    });
    assert.equal(vis.statusCode, 200, vis.body);
    const dashboard = await call(t, 'POST', '/v1/saved-objects/dashboard', t.apiToken, {
      attributes: {
        title: 'Web overview',
        panelsJSON: JSON.stringify([{ panelIndex: '1', gridData: { x: 0, y: 0, w: 48, h: 15, i: '1' }, panelRefName: 'panel_0' }]),
      },
      references: [{ name: 'panel_0', type: 'visualization', id: vis.json<{ id: string }>().id }],
    });
    assert.equal(dashboard.statusCode, 200, dashboard.body);
    dashboardId = dashboard.json<{ id: string }>().id;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('takes a snapshot of a dashboard, sends it by e-mail and lists it as done with its image', async () => {
    await page.goto(`${baseUrl}/app/dashboards/${dashboardId}?from=now-1h&to=now`);
    await page.getByRole('button', { name: 'Take a snapshot' }).click();
    await page.getByLabel('E-mail recipients').fill('team@example.com');
    await page.getByLabel('Message').fill('Hourly look');
    await page.getByLabel('Dark theme').check();
    await page.getByRole('button', { name: 'Send snapshot' }).click();
    await page.getByRole('status').filter({ hasText: 'Snapshot queued' }).waitFor();
    const row = page.getByTestId('snapshot-row').first();
    await row.filter({ hasText: 'Done' }).waitFor({ timeout: 30_000 });
    assert.match((await row.textContent()) ?? '', /Web overview.*Done.*1 of 1/);
    const image = await row.getByRole('link', { name: 'Image' }).getAttribute('href');
    assert.match(image ?? '', /\/v1\/snapshotter\/images\/[A-Za-z0-9_-]{43}\.png$/);
    await screenshot(page, 'snapshots-dashboard');
    assert.equal(smtp.mails.filter((mail) => mail.to.includes('team@example.com')).length, 1);
    const served = await page.request.get(image ?? '');
    assert.equal(served.status(), 200);
    assert.equal(served.headers()['content-type'], 'image/png');
  });
});
