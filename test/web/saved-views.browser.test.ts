/**
 * Saved searches, visualizations and dashboards made in a real headless Chromium: saved, found again after a
 * reload, exported through the API and imported into a second account; a read-only user cannot save.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshot, signInPage } from '../support/browser.js';
import { call, createSubAccount } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, createWebUser, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];
const LOGS = 60;

interface Hit {
  _id: string;
  _source: Record<string, unknown>;
}

describe('saved views in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  const now = Date.now();

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    const { listenerUrl } = await t.listen();
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    const logs = Array.from({ length: LOGS }, (_, i) => ({
      '@timestamp': new Date(now - 60_000 - i * 45_000).toISOString(),
      message: i % 3 === 0 ? `checkout failed: card declined ${i}` : `checkout ok ${i}`,
      level: i % 3 === 0 ? 'error' : 'info',
      host: ['web-1', 'web-2', 'web-3'][i % 5 === 0 ? 2 : i % 2] ?? 'web-1',
      latency_ms: 20 + (i % 7) * 15,
    }));
    await shipLogs(listenerUrl, t.shippingToken, 'shop', logs);
    for (let i = 0; i < 100; i += 1) {
      const response = await call(t, 'POST', '/v1/search', t.apiToken, { query: { match_all: {} }, size: 0 });
      if (response.json<{ hits: { total: number } }>().hits.total >= LOGS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const save = async (kind: string, title: string): Promise<void> => {
    await page.getByLabel(`Title of the ${kind}`).fill(title);
    await page
      .getByRole('form', { name: `Save ${kind}` })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `Saved “${title}”` })
      .waitFor();
  };

  it('saves a search from Discover and reopens it after a reload', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=level%3Aerror&cols=host%2Cmessage`);
    await page
      .getByTestId('hits-count')
      .filter({ hasText: /^20 hits/ })
      .waitFor();
    await save('search', 'Checkout errors');
    await page.waitForURL(/saved=/);
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await page.getByRole('button', { name: 'Open…' }).click();
    await page.getByRole('button', { name: 'Checkout errors' }).click();
    await page
      .getByTestId('hits-count')
      .filter({ hasText: /^20 hits/ })
      .waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Query (Lucene syntax)' }).inputValue(), 'level:error');
    assert.deepEqual(await page.locator('.logs thead th').allTextContents(), ['Expand', 'Time ↓', 'host×', 'message×']);
  });

  it('builds visualizations (bars split by a terms field, pie, metric) and saves them', async () => {
    await page.goto(`${baseUrl}/app/visualize?type=histogram&split=host.keyword&from=now-1h&to=now`);
    await page.locator('.vis-preview canvas').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'visualize');
    await save('visualization', 'Logs by host');
    await page.waitForURL(/\/app\/visualize\/[^?]+\?/);

    await page.goto(`${baseUrl}/app/visualize?from=now-1h&to=now`);
    await page.getByLabel('Chart', { exact: true }).selectOption('metric');
    await page.getByLabel('Visualization query').fill('level:error');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.getByTestId('metric-value').filter({ hasText: /^20/ }).waitFor();
    await page.getByLabel('Metric', { exact: true }).selectOption('avg');
    await page.getByLabel('Of field', { exact: true }).selectOption('latency_ms');
    await page
      .getByTestId('metric-value')
      .filter({ hasText: /avg of latency_ms/ })
      .waitFor();
    // The average of no logs has no value (Elasticsearch answers null): a dash, never 0.
    await page.getByLabel('Visualization query').fill('level:nothing-matches');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page
      .getByTestId('metric-value')
      .filter({ hasText: /^–avg of latency_ms/ })
      .waitFor();
    await screenshot(page, 'visualize-metric-of-no-logs');
    await page.getByLabel('Visualization query').fill('level:error');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.getByLabel('Metric', { exact: true }).selectOption('count');
    await save('visualization', 'Error count');

    await page.goto(`${baseUrl}/app/visualize?type=pie&split=host.keyword&from=now-1h&to=now`);
    await page.locator('.vis-preview canvas').waitFor();
    // Looked at: the labels (the lowest one too) stay clear of the legend.
    await page.waitForTimeout(600);
    await screenshot(page, 'visualize-pie');
    await page.goto(`${baseUrl}/app/visualize?type=pie&split=level.keyword&from=now-1h&to=now`);
    await page.locator('.vis-preview canvas').waitFor();
    await save('visualization', 'Levels');
  });

  it('builds a dashboard of visualizations and a saved search, finds it after a reload, and refreshes panels with the range', async () => {
    await page.goto(`${baseUrl}/app/dashboards/new?from=now-1h&to=now`);
    for (const title of ['Logs by host', 'Levels', 'Error count', 'Checkout errors']) {
      await page.getByRole('button', { name: 'Add panel' }).click();
      await page.getByRole('button', { name: new RegExp(`^${title} `) }).click();
    }
    await page.locator('.panel canvas').nth(1).waitFor();
    await page.getByTestId('metric-value').filter({ hasText: /^20/ }).waitFor();
    await save('dashboard', 'Shop overview');
    await page.waitForURL(/\/app\/dashboards\/[^/?]+\?/);

    await page.goto(`${baseUrl}/app/dashboards`);
    await page.getByRole('link', { name: 'Shop overview' }).click();
    await page.locator('.panel').nth(3).waitFor();
    // A panel shows '…' until its saved object has loaded.
    await page.locator('.panel h2', { hasText: '…' }).first().waitFor({ state: 'detached' });
    assert.deepEqual(await page.locator('.panel h2').allTextContents(), ['Logs by host', 'Levels', 'Error count', 'Checkout errors']);
    await page.locator('.panel canvas').nth(1).waitFor();
    await page.getByTestId('metric-value').filter({ hasText: /^20/ }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'dashboard');

    // A shared query narrows every panel.
    await page.getByLabel('Dashboard query').fill('host:"web-3"');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page
      .getByTestId('metric-value')
      .filter({ hasText: /^4logs/ })
      .waitFor();
    // A shorter range refreshes them too: of those four, only the newest is in the last 5 minutes.
    await page.getByLabel('Quick range').selectOption('now-5m');
    await page
      .getByTestId('metric-value')
      .filter({ hasText: /^1logs/ })
      .waitFor();
  });

  it('arranges the dashboard: a panel dragged and resized keeps its place after a reload, panels load together and refresh on their own, a panel opens its visualization', async () => {
    const box = async (title: string) => {
      const found = await page.getByRole('region', { name: title, exact: true }).boundingBox();
      assert.ok(found !== null, title);
      return found;
    };
    await page.getByLabel('Quick range').selectOption('now-1h');
    await page
      .getByTestId('metric-value')
      .filter({ hasText: /^4logs/ })
      .waitFor();
    const before = await box('Logs by host');
    // Drag by the panel's title bar to the right half, then make it taller and wider from its corner.
    const header = page.getByRole('region', { name: 'Logs by host', exact: true }).locator('.panel-drag');
    // Grabbed beside the title: the title is a link, and links and buttons do not start a drag.
    await header.hover({ position: { x: before.width / 2, y: 10 } });
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 200, before.y + 10, { steps: 12 });
    await page.mouse.move(before.x + before.width + 60, before.y + 10, { steps: 12 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    const moved = await box('Logs by host');
    assert.ok(moved.x > before.x + 100, `moved from x=${before.x} to x=${moved.x}`);
    const corner = page
      .locator('[data-panel]')
      .filter({ has: page.getByRole('region', { name: 'Logs by host', exact: true }) })
      .locator('.react-resizable-handle');
    const handle = await corner.boundingBox();
    assert.ok(handle !== null);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 60, handle.y + 120, { steps: 12 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    const resized = await box('Logs by host');
    assert.ok(resized.height > moved.height + 60, `height ${moved.height} → ${resized.height}`);
    const gridBefore = await page.getByTestId('dashboard-grid').boundingBox();
    await save('dashboard', 'Shop overview');
    await page.reload();
    await page.locator('.panel h2', { hasText: '…' }).first().waitFor({ state: 'detached' });
    await page.locator('.panel canvas').nth(1).waitFor();
    const reloaded = await box('Logs by host');
    const gridAfter = await page.getByTestId('dashboard-grid').boundingBox();
    assert.ok(gridBefore !== null && gridAfter !== null);
    // In the grid's own units: the grid may be a scrollbar wider after the reload.
    const share = (b: { x: number; width: number }, grid: { x: number; width: number }) => [
      (b.x - grid.x) / grid.width,
      b.width / grid.width,
    ];
    const [xAfter = 0, wAfter = 0] = share(reloaded, gridAfter);
    const [xBefore = 1, wBefore = 1] = share(resized, gridBefore);
    assert.ok(
      Math.abs(xAfter - xBefore) < 0.02 && Math.abs(wAfter - wBefore) < 0.02 && Math.abs(reloaded.height - resized.height) < 5,
      JSON.stringify({ resized, reloaded, gridBefore, gridAfter }),
    );

    // Auto-refresh: every panel searches again on its own, all of a tick's searches leave together.
    const starts: number[] = [];
    const onRequest = (request: { url(): string; method(): string }): void => {
      if (request.method() === 'POST' && request.url().endsWith('/v1/app/search')) starts.push(Date.now());
    };
    page.on('request', onRequest);
    await page.getByLabel('Auto-refresh').selectOption('10000');
    await page.waitForURL(/refresh=10000/);
    const selected = Date.now();
    while (starts.filter((at) => at > selected + 5_000).length < 4 && Date.now() - selected < 30_000) await page.waitForTimeout(200);
    page.off('request', onRequest);
    const tick = starts.filter((at) => at > selected + 5_000);
    assert.ok(tick.length >= 4, `searches after the first refresh tick: ${tick.length}`);
    const firstFour = tick.slice(0, 4);
    assert.ok(
      Math.max(...firstFour) - Math.min(...firstFour) < 1_000,
      `a tick's four panel searches spread over ${Math.max(...firstFour) - Math.min(...firstFour)} ms`,
    );
    await page.getByLabel('Auto-refresh').selectOption('0');
    await screenshot(page, 'dashboard-arranged');

    // A panel's title opens its visualization with the dashboard's range.
    await page.getByRole('region', { name: 'Levels', exact: true }).getByRole('link', { name: 'Levels' }).click();
    await page.waitForURL(/\/app\/visualize\/[^?]+\?.*from=now-1h/);
  });

  it('exports what was made through the API and imports it into a second account', async () => {
    const hits: Hit[] = [];
    for (const type of ['search', 'visualization', 'dashboard']) {
      const exported = await call(t, 'POST', '/v1/kibana/export', t.apiToken, { type });
      assert.equal(exported.statusCode, 200, exported.body);
      hits.push(...exported.json<{ hits: Hit[] }>().hits);
    }
    assert.equal(hits.length, 5);
    const dashboard = hits.find((hit) => hit._id.startsWith('dashboard:'));
    assert.ok(dashboard !== undefined);
    assert.equal((dashboard._source.references as unknown[]).length, 4);

    const second = await createSubAccount(t, { accountName: 'second' });
    const imported = await call(t, 'POST', '/v1/kibana/import', second.apiToken, { hits, override: false });
    assert.equal(imported.statusCode, 200, imported.body);
    assert.equal(imported.json<{ created: string[] }>().created.length, 5);
    const again = await call(t, 'POST', '/v1/kibana/export', second.apiToken, { type: 'dashboard' });
    assert.deepEqual(again.json<{ hits: Hit[] }>().hits, [dashboard]);
  });

  it('opens a visualization of a type it cannot draw read-only, and never overwrites it', async () => {
    const exported = await call(t, 'POST', '/v1/kibana/export', t.apiToken, { type: 'visualization' });
    const [sample] = exported.json<{ hits: Hit[] }>().hits;
    assert.ok(sample !== undefined);
    // A Kibana markdown visualization, as an import from Kibana brings it.
    const source = structuredClone(sample._source);
    const attributes = source.visualization as Record<string, unknown>;
    const visState = JSON.stringify({ title: 'Release notes', type: 'markdown', params: { markdown: '# v2' }, aggs: [] });
    Object.assign(attributes, { title: 'Release notes', visState });
    const id = 'visualization:0b7c5d0e-4f1a-4c55-9d0e-6b2f4a1c9e11';
    const imported = await call(t, 'POST', '/v1/kibana/import', t.apiToken, { hits: [{ _id: id, _source: source }], override: false });
    assert.equal(imported.statusCode, 200, imported.body);
    await page.goto(`${baseUrl}/app/visualize/${id.slice('visualization:'.length)}`);
    await page.getByRole('note').filter({ hasText: 'is a markdown visualization, which this app cannot draw' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Preview' }).count(), 0);
    assert.ok(await page.getByRole('form', { name: 'Save visualization' }).getByRole('button', { name: 'Save', exact: true }).isDisabled());
    await screenshot(page, 'visualize-foreign-type');
    const after = await call(t, 'POST', '/v1/kibana/export', t.apiToken, { type: 'visualization' });
    const kept = after.json<{ hits: Hit[] }>().hits.find((hit) => hit._id === id);
    assert.equal((kept?._source.visualization as { visState?: string } | undefined)?.visState, visState);
  });

  it('does not let a read-only user save', async () => {
    await createWebUser(t, 'viewer@example.com', 'USER_ROLE_READONLY');
    const context = await browser.newContext();
    const viewer = await context.newPage();
    await signInPage(viewer, baseUrl, 'viewer@example.com', WEB_PASSWORD);
    await viewer.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await viewer.getByText('Read-only: saving is off').waitFor();
    assert.equal(await viewer.getByRole('button', { name: 'Save', exact: true }).isDisabled(), true);
    // Nor through the API with the page's own session and CSRF token.
    const status = await viewer.evaluate(async () => {
      const session = (await (await fetch('/v1/session')).json()) as { csrfToken: string };
      const response = await fetch('/v1/saved-objects/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ attributes: { title: 'sneaky' } }),
      });
      return response.status;
    });
    assert.equal(status, 403);
    await viewer.goto(`${baseUrl}/app/dashboards`);
    await viewer.getByRole('link', { name: 'Shop overview' }).waitFor();
    await context.close();
  });
});
