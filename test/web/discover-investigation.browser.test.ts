/**
 * Issue 48's Discover in a real headless Chromium (Debian's, driven by playwright-core): a 7-day search finding a
 * log of 5 days ago, a cancelled search whose statement is gone from the engine, a query bar that never eats a
 * search, the sidebar from the field catalog with statistics, surrounding documents both ways, a pattern clicked
 * into a filter, a CSV downloaded and parsed, the hints, and screenshots light and dark.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Session } from 'chdb';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshot, signInPage } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';
import type { LogDocument } from '../../src/storage/log-store.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];
const DAY = 86_400_000;
const NOW = Date.now();
/** Logs of the last hour: the first page (50, newest) holds only `checkout` logs; `client_ip` is only in older ones. */
const RECENT = 80;
/** Logs three days ago that make one search slow enough to cancel while it runs. */
const BULK = 300_000;

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Discover investigation tools in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let baseUrl: string;

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    const { listenerUrl } = await t.listen();
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    const recent = Array.from({ length: RECENT }, (_, i) => {
      const older = i >= 60;
      return {
        '@timestamp': new Date(NOW - 60_000 - i * 30_000).toISOString(),
        message: i % 4 === 0 ? `payment failed for order ${1000 + i}: card declined` : `request ${i} served in ${10 + i} ms`,
        level: i % 4 === 0 ? 'error' : i % 7 === 0 ? 'warn' : 'info',
        host: `web-0${(i % 3) + 1}`,
        service: 'checkout',
        status: i % 4 === 0 ? 502 : 200,
        ...(older ? { client_ip: `10.0.0.${i}`, user_agent: 'curl/8.5' } : {}),
        seq: i,
      };
    });
    await shipLogs(listenerUrl, t.shippingToken, 'checkout', recent);
    await shipLogs(listenerUrl, t.shippingToken, 'archive', [
      {
        '@timestamp': new Date(NOW - 5 * DAY).toISOString(),
        message: 'nightly archive job finished',
        host: 'batch-1',
        seq: 9000,
        job: 'nightly',
      },
    ]);
    const bulk: LogDocument[] = Array.from({ length: BULK }, (_, i) => ({
      id: `bulk-${i}`,
      accountId: t.mainAccountId,
      timestampMs: NOW - 3 * DAY - i * 10,
      receivedAtMs: NOW,
      type: 'bulk',
      message: `bulk line ${i} user=${i % 977} path=/api/v${i % 5}/items/${i} took ${i % 1000} ms upstream=backend-${i % 13}`,
      fields: { host: `bulk-${i % 7}`, seq: 100_000 + i },
      sizeBytes: 120,
    }));
    for (let i = 0; i < bulk.length; i += 50_000)
      await t.app.logStore.append(bulk.slice(i, i + 50_000), { dedupToken: `bulk-${i}`, retentionDaysOf: () => 30 });
    for (let i = 0; i < 100; i += 1) {
      const response = await call(t, 'POST', '/v1/app/search', t.apiToken, {
        from: 'now-7d',
        to: 'now',
        search: { size: 0, track_total_hits: true },
      });
      if ((response.json<{ hits: { total?: { value: number } } }>().hits.total?.value ?? 0) >= RECENT + 1 + BULK) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const query = () => page.getByRole('combobox', { name: 'Query (Lucene syntax)' });
  const hitsText = async (): Promise<string> => (await page.getByTestId('hits-count').textContent()) ?? '';
  const waitForHits = (count: number) =>
    page
      .getByTestId('hits-count')
      .filter({ hasText: new RegExp(`^${count.toLocaleString('en-US')} hits`) })
      .waitFor({ timeout: 30_000 });

  it('searches the last 7 days through the app route and shows a log of 5 days ago; quick ranges reach the retention', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-7d&to=now&q=${encodeURIComponent('message:nightly')}`);
    await waitForHits(1);
    await page.locator('.logs tr.log-row').filter({ hasText: 'nightly archive job finished' }).waitFor();
    const options = await page.getByLabel('Quick range').locator('option').allTextContents();
    assert.ok(options.includes('Last 30 days') && !options.includes('Last 90 days'), options.join(','));
    // Past the retention: refused with the reason, nothing clipped.
    await page.goto(`${baseUrl}/app/discover?from=now-40d&to=now`);
    await page.locator('.query-error').filter({ hasText: 'retained 30 days' }).waitFor();
  });

  it('cancels a running search: the statement is gone from the engine and its slot is free', async (testContext) => {
    const slow = 'message:/.*l.*i.*n.*e.*9.*9.*9.*x.*/ OR message:/.*u.*s.*e.*r.*=.*9.*7.*z.*/ OR message:/.*t.*o.*o.*k.*9.*9.*q.*/';
    await page.goto(`${baseUrl}/app/discover?from=now-4d&to=now-2d&q=${encodeURIComponent(slow)}`);
    // The engine's own list of running statements, read from a Session of this process on the store's directory.
    const engine = new Session(t.config.logStoreUrl.slice('chdb:'.length));
    const running = async (): Promise<number> => {
      const result = await engine.queryAsync(
        "SELECT count() AS n FROM system.processes WHERE query LIKE '%log_comment = %logward-%' AND query NOT LIKE '%system.processes%' AND query NOT LIKE 'KILL%'",
        { format: 'JSONEachRow' },
      );
      return (JSON.parse(result.text()) as { n: number }).n;
    };
    await page.getByTestId('cancel-search').waitFor();
    await until(async () => (await running()) > 0, 20_000, 'the search running in the engine');
    const clicked = Date.now();
    await page.getByTestId('cancel-search').click();
    // Issue 48's bar: the statement gone within 1 s of Cancel (bench:cancel measures it; ~0.2 s at p95 on two cores
    // under a load average of 19). A killed text-index dictionary read used to linger in system.processes until its
    // chDB Session ran another statement (decision 0653).
    await until(async () => (await running()) === 0, 1_000, 'the statement gone within 1 s of Cancel');
    const goneMs = Date.now() - clicked;
    assert.match(await hitsText(), /search cancelled/);
    // The engine takes the next search at once.
    engine.close();
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(RECENT);
    assert.ok(goneMs < 1_000, `statement gone ${goneMs} ms after Cancel`);
    testContext.diagnostic(`statement gone ${goneMs} ms after Cancel`);
  });

  it('never eats a search: Enter after a word starting a field name searches, Tab completes, Escape only closes', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(RECENT);
    await query().fill('serv');
    await page.getByRole('option', { name: /^service/ }).waitFor();
    await query().press('Enter');
    await page.waitForURL(/q=serv/);
    await waitForHits(0);
    await query().fill('hos');
    await page.getByRole('option', { name: /^host/ }).waitFor();
    assert.equal(await page.getByRole('option', { name: /keyword/ }).count(), 0, 'no .keyword twins');
    await query().press('Escape');
    assert.equal(await query().inputValue(), 'hos', 'Escape keeps the text');
    assert.equal(await page.getByRole('listbox').count(), 0);
    await query().press('Tab');
    assert.equal(await query().inputValue(), 'hos', 'Tab with the list closed leaves the text');
    await query().fill('ho');
    await page.getByRole('option', { name: /^host/ }).waitFor();
    await query().press('Tab');
    assert.equal(await query().inputValue(), 'host:');
    // Values after `field:`, never field names.
    await page
      .getByRole('listbox', { name: 'Values of host' })
      .waitFor({ timeout: 5000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'debug-values');
        console.log('DEBUG48', await query().inputValue(), await page.locator('.query-bar').innerHTML());
        throw error;
      });
    await page.getByRole('option', { name: /^web-01/ }).waitFor();
    await query().press('Tab');
    assert.equal(await query().inputValue(), 'host:web-01 ');
    await query().press('Enter');
    await waitForHits(27);
    assert.equal(await query().getAttribute('type'), 'text');
  });

  it('lists every field of the catalog, a field absent from the first page included, with statistics', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=service%3Acheckout`);
    await waitForHits(RECENT);
    const firstPage = await page.locator('.logs tr.log-row').allTextContents();
    assert.ok(!firstPage.some((row) => row.includes('client_ip')), 'client_ip is not on the first page');
    await page.locator('li[data-field="client_ip"] button.field-name').click();
    const stats = page.getByTestId('field-stats-client_ip');
    await stats.waitFor();
    assert.match((await stats.textContent()) ?? '', /In 20 of 80 matching logs \(25%\)/);
    await page.locator('li[data-field="status"] button.field-name').click();
    const status = page.getByTestId('field-stats-status');
    await status.waitFor();
    const text = (await status.textContent()) ?? '';
    assert.match(text, /min 200 · avg [\d.]+ · max 502/);
    assert.match(text, /200.*%.*60/);
    await page.getByRole('img', { name: 'Distribution of status' }).waitFor();
    // A field of the catalog with no value in the range is listed apart, marked empty.
    await page.getByRole('button', { name: /Empty fields/ }).click();
    await page.getByRole('list', { name: 'Empty fields' }).locator('li[data-field="job"]').waitFor();
    await page.getByRole('button', { name: 'Filter out status 200' }).click();
    await waitForHits(20);
    assert.equal(await query().inputValue(), '(service:checkout) AND NOT status:"200"');
  });

  it('shows the documents around a log in both directions, on the same host or the whole account, and extends them', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=seq%3A30&cols=seq,host,message`);
    await waitForHits(1);
    await page.getByRole('button', { name: 'Expand log' }).first().click();
    await page.getByRole('button', { name: 'View surrounding documents' }).click();
    const view = page.getByRole('region', { name: 'Surrounding documents' });
    await view.getByRole('table', { name: 'Surrounding logs' }).locator('tr.anchor').waitFor();
    const seqs = async (): Promise<number[]> =>
      (await view.locator('tr.log-row td:nth-child(3)').allTextContents()).map(Number).filter((n) => !Number.isNaN(n));
    await until(async () => (await seqs()).length === 21);
    // Same host as seq 30 (web-01): every third log.
    assert.deepEqual(await seqs(), [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60].slice(0, 21));
    await view.getByLabel('Surrounding logs of').selectOption('');
    await until(async () => JSON.stringify(await seqs()) === JSON.stringify(Array.from({ length: 21 }, (_, i) => 20 + i)));
    await view.getByRole('button', { name: 'Load 10 older' }).click();
    await until(async () => (await seqs()).at(-1) === 50);
    await view.getByRole('button', { name: 'Load 10 newer' }).click();
    await until(async () => (await seqs())[0] === 10);
    await screenshot(page, 'discover-surrounding');
  });

  it('finds patterns of the matching logs and a click filters on one', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=service%3Acheckout&tab=patterns`);
    const patterns = page.getByRole('table', { name: 'Patterns' });
    await patterns.waitFor();
    const row = patterns.locator('tr').filter({ hasText: 'card declined' });
    assert.match((await row.textContent()) ?? '', /^20/);
    await screenshot(page, 'discover-patterns');
    await row.getByRole('button').click();
    await waitForHits(20);
    assert.match(await query().inputValue(), /^\(service:checkout\) AND message:"payment failed for order"/);
  });

  it('downloads the current query as CSV and it parses', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=level%3Aerror&cols=host,message,status`);
    await waitForHits(20);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], '@timestamp,host,message,status');
    assert.equal(lines.length, 21);
    for (const line of lines.slice(1)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((cell) => cell.replace(/,$/, '')) ?? [];
      assert.equal(cells.length >= 4, true, line);
      assert.match(cells[0] ?? '', /^\d{4}-\d\d-\d\dT/);
      assert.equal(cells[3], '502');
    }
  });

  it('sorts by a column and oldest first, colours levels, moves between rows by keyboard, and shares an absolute link', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&q=service%3Acheckout&cols=seq,level`);
    await waitForHits(RECENT);
    await page.getByRole('button', { name: /^Sort by Time/ }).click();
    await page.waitForURL(/sort=%40timestamp%3Aasc/);
    await page.locator('.logs tr.log-row').first().filter({ hasText: /79/ }).waitFor();
    await page.getByRole('button', { name: /^Sort by seq/ }).click();
    await page.waitForURL(/sort=seq%3Adesc/);
    // Oldest first also began with 79: wait for the sorted search to end before moving through its rows.
    await page.locator('section[aria-label="Results"][aria-busy="false"]').waitFor();
    await page.locator('.logs tr.log-row').first().filter({ hasText: /79/ }).waitFor();
    await page.locator('.logs tr.log-row').nth(1).filter({ hasText: /78/ }).waitFor();
    assert.ok((await page.locator('.logs tr.level-error').count()) > 0);
    const first = page.locator('.logs tr.log-row').first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await page
        .locator('.logs tr.log-row')
        .nth(1)
        .evaluate((row) => row === row.ownerDocument.activeElement),
      true,
    );
    await page.keyboard.press('Enter');
    await page.getByTestId('doc-table').waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    const link = await page.getByRole('textbox', { name: 'Share link', exact: true }).inputValue();
    assert.match(link, /from=\d{4}-\d\d-\d\dT[^&]+&to=\d{4}-\d\d-\d\dT/);
  });

  it('explains itself: KQL converted, a wildcard on a text field, a range of no number, a broken regexp, a bad time, a deleted saved search', async () => {
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(RECENT);
    await query().fill('level:error and status >= 500');
    await page.getByTestId('kql-hint').filter({ hasText: 'level:error AND status:>=500' }).waitFor();
    await page.getByRole('button', { name: 'Use the Lucene form' }).click();
    await waitForHits(20);
    await query().fill('host:web-0*');
    await query().press('Enter');
    await waitForHits(0);
    await page.getByTestId('query-hint').filter({ hasText: 'host.keyword:web-0*' }).waitFor();
    await query().fill('host.keyword:web-0*');
    await query().press('Enter');
    await waitForHits(RECENT);
    await query().fill('status:>=abc');
    await query().press('Enter');
    await page.getByTestId('query-hint').filter({ hasText: 'abc is not a number' }).waitFor();
    await query().fill('message:/[a-/');
    await query().press('Enter');
    await page.locator('.query-error').filter({ hasText: 'not valid' }).waitFor();
    await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now`);
    await waitForHits(RECENT);
    await page.getByLabel('From').fill('last tuesday');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.time-picker .error').waitFor();
    await until(async () => (await page.locator('.logs tr.log-row').count()) === 0);
    await page.goto(`${baseUrl}/app/discover?saved=gone-1234&from=now-1h&to=now&q=level%3Aerror`);
    await page.locator('.notice').filter({ hasText: 'no longer exists' }).waitFor();
    await waitForHits(20);
  });

  it('looks right, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${baseUrl}/app/discover?from=now-1h&to=now&cols=host,level,message`);
      await waitForHits(RECENT);
      await page.locator('li[data-field="status"] button.field-name').click();
      await page.getByTestId('field-stats-status').waitFor();
      await page.waitForTimeout(200);
      await screenshot(page, `discover-${scheme}`);
      await query().fill('ho');
      await page.getByRole('option', { name: /^host/ }).waitFor();
      await screenshot(page, `discover-suggestions-${scheme}`);
      await query().press('Escape');
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
