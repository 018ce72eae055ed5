/**
 * The alerts pages in a real headless Chromium: an alert made in the form, previewed over the last 24 hours, fires
 * as the preview said; the triggered list opens Discover on the firing's window and group; filters and the switch;
 * ten alerts disabled in one action and some deleted after a confirmation, with the keyboard.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshotVariants, signInPage, waitForTitle } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];

interface Triggered {
  total: number;
  results: { name: string; severity: string; groupBy: Record<string, string>; value: number }[];
}

describe('alerts pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  const now = Date.now();

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN }, compose: { alertSettleDelayMs: 0 } });
    const { listenerUrl } = await t.listen();
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    // Errors in the last two minutes: three users' on web-1, one user's twice on web-2 (the alert's HIGH threshold is 3
    // distinct users per host).
    const at = (ago: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(now - ago).toISOString(), ...log });
    await shipLogs(listenerUrl, t.shippingToken, 'app', [
      at(80_000, { level: 'ERROR', host: 'web-1', user: 'ann', message: 'boom 1' }),
      at(79_000, { level: 'ERROR', host: 'web-1', user: 'bob', message: 'boom 2' }),
      at(78_000, { level: 'ERROR', host: 'web-1', user: 'cid', message: 'boom 3' }),
      at(77_000, { level: 'ERROR', host: 'web-2', user: 'ann', message: 'boom 4' }),
      at(76_000, { level: 'ERROR', host: 'web-2', user: 'ann', message: 'boom 5' }),
      at(75_000, { level: 'INFO', host: 'web-2', message: 'fine' }),
    ]);
    for (let i = 0; i < 100; i += 1) {
      const response = await call(t, 'POST', '/v1/search', t.apiToken, { query: { match_all: {} }, size: 0 });
      if (response.json<{ hits: { total: number } }>().hits.total >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const endpoint = await call(t, 'POST', '/v1/endpoints/custom', t.apiToken, {
      title: 'On-call hook',
      url: 'http://127.0.0.1:9/hook',
      method: 'POST',
    });
    assert.equal(endpoint.statusCode, 200, endpoint.body);
    for (const [title, tags, severity, enabled] of [
      ['Disk almost full', ['infra'], 'LOW', true],
      ['Login failures', ['security', 'prod'], 'SEVERE', false],
    ] as const) {
      const created = await call(t, 'POST', '/v2/alerts', t.apiToken, {
        title,
        tags,
        enabled,
        subComponents: [
          {
            queryDefinition: { query: 'message:nothing-matches-this', aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { [severity]: 100 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists alerts with search and filters on severity, tag and state', async () => {
    await page.goto(`${baseUrl}/app/alerts`);
    await page.getByTestId('alert-count').filter({ hasText: '2 alerts' }).waitFor();
    await waitForTitle(page, 'Alerts · Logward');
    await page.getByLabel('Severity').selectOption('SEVERE');
    await page.getByTestId('alert-count').filter({ hasText: '1 of 2 alerts' }).waitFor();
    assert.deepEqual(await page.locator('[data-testid=alerts] tbody td:nth-child(2)').allTextContents(), ['Login failures']);
    await page.getByLabel('Severity').selectOption('');
    await page.getByLabel('Tag').selectOption('infra');
    assert.deepEqual(await page.locator('[data-testid=alerts] tbody td:nth-child(2)').allTextContents(), ['Disk almost full']);
    await page.getByLabel('Tag').selectOption('');
    await page.getByLabel('State').selectOption('false');
    assert.deepEqual(await page.locator('[data-testid=alerts] tbody td:nth-child(2)').allTextContents(), ['Login failures']);
    await page.getByLabel('State').selectOption('');
    await page.getByRole('searchbox', { name: 'Search' }).fill('disk');
    await page.getByTestId('alert-count').filter({ hasText: '1 of 2 alerts' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  it('refuses an incomplete form with messages beside the fields', async () => {
    await page.goto(`${baseUrl}/app/alerts/new`);
    await waitForTitle(page, 'New alert · Logward');
    await page.getByLabel('E-mail recipients (comma-separated)').fill('not-an-address');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await page.getByText('A title is required').waitFor();
    await page.getByText('Each recipient must be an e-mail address').waitFor();
  });

  let previewSummary = '';
  it('creates an alert in the form and previews the last 24 hours', async () => {
    await page.goto(`${baseUrl}/app/alerts/new`);
    await page.getByLabel('Title').fill('Errors per host');
    await page.getByLabel('Tags (comma-separated)').fill('prod, checkout');
    await page.getByLabel('Description').fill('Too many errors on one host');
    await page.getByLabel('Query (Lucene)').fill('level:ERROR');
    await page.getByLabel('Group by (up to 3 fields)').fill('host');
    // A distinct count: the server runs the evaluator's own judgement, so every aggregation is previewed.
    await page.getByLabel('Aggregation').selectOption('UNIQUE_COUNT');
    await page.getByLabel('Field to aggregate').fill('user');
    await page.getByLabel('HIGH', { exact: true }).fill('3');
    await page.getByLabel('SEVERE', { exact: true }).fill('100');
    await page.getByLabel('E-mail recipients (comma-separated)').fill('oncall@example.com');
    await page.getByLabel('On-call hook').check();
    await page.getByLabel('Suppress repeats for (minutes)').fill('10');
    await page.getByRole('button', { name: 'Preview last 24 hours' }).click();
    const summary = page.getByTestId('preview-summary');
    await summary.waitFor();
    previewSummary = (await summary.textContent()) ?? '';
    assert.match(previewSummary, /newest: HIGH at web-1, value 3\./);
    // web-2's one user stays below the HIGH threshold in every window.
    assert.equal(await page.locator('[data-testid=preview-firings] td:nth-child(2)', { hasText: 'web-2' }).count(), 0);
    assert.equal(await page.locator('[data-testid=preview-firings] td:nth-child(2)').first().textContent(), 'host: web-1');
    assert.ok((await page.locator('.preview svg.timeline rect.fired').count()) >= 1, 'the firing is drawn on the timeline');
    // The default 1-minute grid has 1,440 windows a day: the preview says it judged one in five.
    assert.match((await page.getByTestId('preview-bound').textContent()) ?? '', /one evaluation window in 5 \(288 of 1440/);
    await screenshotVariants(page, 'alert-form-preview', async () => {
      await page.locator('.preview').scrollIntoViewIfNeeded();
      await page.waitForTimeout(250);
    });
    // A COUNT slides over per-minute partials (decision 0780): every one of the 1,440 windows is judged, and the
    // page says so instead of "one in 5". Three errors on web-1 are HIGH as three users were.
    await page.getByLabel('Aggregation').selectOption('COUNT');
    await page.getByRole('button', { name: 'Preview last 24 hours' }).click();
    await page.getByTestId('preview-exact').waitFor();
    assert.match((await page.getByTestId('preview-exact').textContent()) ?? '', /Every one of the 1440 evaluation windows was judged/);
    assert.equal(await page.getByTestId('preview-bound').count(), 0);
    assert.match((await summary.textContent()) ?? '', /newest: HIGH at web-1, value 3\./);
    await screenshotVariants(page, 'alert-form-preview-exact', async () => {
      await page.locator('.preview').scrollIntoViewIfNeeded();
      await page.waitForTimeout(250);
    });
    await page.getByLabel('Aggregation').selectOption('UNIQUE_COUNT');
    await page.getByLabel('Field to aggregate').fill('user');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await page.getByTestId('alert-count').filter({ hasText: '3 alerts' }).waitFor();

    const listed = await call(t, 'GET', '/v2/alerts', t.apiToken);
    const alert = listed
      .json<{ title: string; tags: string[]; output: { recipients: { emails: string[]; notificationEndpointIds: number[] } } }[]>()
      .find((a) => a.title === 'Errors per host');
    assert.ok(alert !== undefined);
    assert.deepEqual(alert.tags, ['prod', 'checkout']);
    assert.deepEqual(alert.output.recipients.emails, ['oncall@example.com']);
    assert.equal(alert.output.recipients.notificationEndpointIds.length, 1);
    await screenshotVariants(page, 'alerts-list');
  });

  it('fires as the preview said, and the triggered list opens Discover on that window and group', async () => {
    let fired: Triggered | undefined;
    for (let i = 0; i < 20 && (fired?.total ?? 0) === 0; i += 1) {
      await t.app.alertEvaluation.runCycle(new AbortController().signal);
      fired = (await call(t, 'POST', '/v1/alerts/triggered-alerts', t.apiToken, { search: 'errors per' })).json<Triggered>();
    }
    assert.ok(fired !== undefined);
    assert.equal(fired.total, 1);
    const [firing] = fired.results;
    assert.deepEqual([firing?.severity, firing?.groupBy, firing?.value], ['HIGH', { host: 'web-1' }, 3]);
    assert.match(previewSummary, new RegExp(`${firing?.severity ?? '?'} at ${firing?.groupBy.host ?? '?'}, value ${firing?.value ?? '?'}`));

    await page.getByRole('link', { name: 'Triggered alerts' }).click();
    await waitForTitle(page, 'Triggered alerts · Logward');
    await page.getByTestId('triggered-count').filter({ hasText: '1 firing' }).waitFor();
    const row = page.locator('[data-testid=triggered] tbody tr').first();
    assert.match((await row.textContent()) ?? '', /Errors per host.*HIGH.*host: web-1.*3 \/ 3/);
    await page.getByLabel('Severity').selectOption('LOW');
    await page.getByTestId('triggered-count').filter({ hasText: '0 firings' }).waitFor();
    await page.getByLabel('Severity').selectOption('HIGH');
    await page.getByTestId('triggered-count').filter({ hasText: '1 firing' }).waitFor();
    await screenshotVariants(page, 'triggered-alerts');
    await row.getByRole('link', { name: /View logs/ }).click();
    await page.waitForURL(/\/app\/discover\?/);
    assert.equal(new URL(page.url()).searchParams.get('q'), '(level:ERROR) AND host:"web-1"');
    await page
      .getByTestId('hits-count')
      .filter({ hasText: /^3 hits/ })
      .waitFor();
  });

  it('disables and enables an alert from the list', async () => {
    await page.goto(`${baseUrl}/app/alerts`);
    const toggle = page.getByLabel('Enabled: Errors per host');
    assert.equal(await toggle.isChecked(), true);
    // The switch moves when the change is under way (an optimistic update after the running list read is cancelled),
    // not within the click itself: click, then wait for it.
    await toggle.click();
    for (let i = 0; i < 100 && (await toggle.isChecked()); i += 1) await page.waitForTimeout(100);
    assert.equal(await toggle.isChecked(), false);
    await page.getByLabel('State').selectOption('false');
    await page.getByTestId('alert-count').filter({ hasText: '2 of 3 alerts' }).waitFor();
    const alerts = (await call(t, 'GET', '/v2/alerts', t.apiToken)).json<{ title: string; enabled: boolean }[]>();
    assert.equal(alerts.find((a) => a.title === 'Errors per host')?.enabled, false);
    // Checked, it leaves the list of disabled alerts at once.
    await page.getByLabel('Enabled: Errors per host').click();
    await page.getByTestId('alert-count').filter({ hasText: '1 of 3 alerts' }).waitFor();
  });

  it('edits an alert in the same form', async () => {
    await page.getByLabel('State').selectOption('');
    await page.getByRole('link', { name: 'Errors per host' }).click();
    await page.getByRole('heading', { name: 'Edit alert “Errors per host”' }).waitFor();
    assert.equal(await page.getByLabel('Group by (up to 3 fields)').inputValue(), 'host');
    await page.getByLabel('Title').fill('Errors per host (edited)');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByRole('link', { name: 'Errors per host (edited)' }).waitFor();
  });

  it('disables ten alerts in one action and deletes two after a confirmation, with the keyboard', async () => {
    for (let i = 1; i <= 10; i += 1) {
      const created = await call(t, 'POST', '/v2/alerts', t.apiToken, {
        title: `Batch alert ${String(i).padStart(2, '0')}`,
        tags: ['batch'],
        subComponents: [
          {
            queryDefinition: { query: 'message:nothing-matches-this', aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 5 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
    }
    const batch = async () =>
      (await call(t, 'GET', '/v2/alerts', t.apiToken))
        .json<{ title: string; enabled: boolean; tags?: string[] }[]>()
        .filter((alert) => alert.title.startsWith('Batch alert'));
    await page.goto(`${baseUrl}/app/alerts`);
    await page.getByLabel('Tag').selectOption('batch');
    await page
      .getByTestId('alert-count')
      .filter({ hasText: /^10 of \d+ alerts$/ })
      .waitFor();
    // Tick every row shown with the header box, from the keyboard.
    await page.getByLabel('Select every row shown').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('bulk-count').filter({ hasText: '10 alerts selected' }).waitFor();
    await screenshotVariants(page, 'alerts-bulk');
    await page.getByRole('region', { name: 'Actions on the selected alerts' }).getByRole('button', { name: 'Disable' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('bulk-result').filter({ hasText: '10 alerts disabled' }).waitFor();
    assert.deepEqual(
      (await batch()).map((alert) => alert.enabled),
      Array.from({ length: 10 }, () => false),
    );
    assert.equal(await page.getByTestId('bulk-count').count(), 0, 'the selection is cleared once done');

    await page.getByLabel('Select Batch alert 01').check();
    await page.getByLabel('Select Batch alert 02').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('bulk-count').filter({ hasText: '2 alerts selected' }).waitFor();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByTestId('bulk-result').filter({ hasText: '2 alerts deleted' }).waitFor();
    assert.equal(asked, 'Delete 2 alerts? This cannot be undone.');
    assert.deepEqual(
      (await batch()).map((alert) => alert.title).sort(),
      Array.from({ length: 8 }, (_, i) => `Batch alert ${String(i + 3).padStart(2, '0')}`),
    );
    // Refused confirmation: nothing is deleted.
    await page.getByLabel('Select Batch alert 03').check();
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByTestId('bulk-count').filter({ hasText: '1 alert selected' }).waitFor();
    assert.equal((await batch()).length, 8);

    // An alert deleted elsewhere after the list was read: the others change, it is named with the reason, and the
    // list read again no longer shows it.
    const idOf = async (title: string) =>
      (await call(t, 'GET', '/v2/alerts', t.apiToken)).json<{ id: number; title: string }[]>().find((alert) => alert.title === title)?.id;
    await page.getByLabel('Select Batch alert 04').check();
    await page.getByTestId('bulk-count').filter({ hasText: '2 alerts selected' }).waitFor();
    const gone = await idOf('Batch alert 04');
    assert.equal((await call(t, 'DELETE', `/v2/alerts/${gone}`, t.apiToken)).statusCode, 200);
    await page.getByRole('region', { name: 'Actions on the selected alerts' }).getByRole('button', { name: 'Enable' }).click();
    await page.getByTestId('bulk-result').filter({ hasText: '1 alert enabled; 1 failed' }).waitFor();
    assert.equal(await page.getByTestId('bulk-failures').textContent(), 'Batch alert 04: it no longer exists');
    await page
      .getByTestId('alert-count')
      .filter({ hasText: /^7 of \d+ alerts$/ })
      .waitFor();
    assert.equal(await page.getByTestId('bulk-count').count(), 0, 'a failed alert no longer shown is not left selected');
    assert.deepEqual(
      (await batch()).filter((alert) => alert.enabled).map((alert) => alert.title),
      ['Batch alert 03'],
    );
    await screenshotVariants(page, 'alerts-bulk-failure');
    // Deleting one already deleted elsewhere: what was asked holds, so both count as deleted.
    await page.getByLabel('Select Batch alert 05').check();
    await page.getByLabel('Select Batch alert 06').check();
    assert.equal((await call(t, 'DELETE', `/v2/alerts/${await idOf('Batch alert 06')}`, t.apiToken)).statusCode, 200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page
      .getByTestId('bulk-result')
      .filter({ hasText: /^2 alerts deleted$/ })
      .waitFor();
    assert.equal(await page.getByTestId('bulk-failures').count(), 0);
    assert.equal((await batch()).length, 5);
  });
});
