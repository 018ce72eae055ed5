/**
 * The saved-objects page in a real headless Chromium: Kibana NDJSON imported (its KQL search converted to Lucene,
 * a nested KQL one flagged), a Logz.io export JSON imported, objects renamed, a referenced one refused deletion,
 * one deleted, and the export downloaded.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser, screenshotVariants, signInPage, waitForTitle } from '../support/browser.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const backend = controlPlaneBackends[0];

const searchSource = (query: string, language: string) => JSON.stringify({ query: { query, language }, filter: [] });
const KIBANA_NDJSON = [
  {
    id: 'errs',
    type: 'search',
    attributes: {
      title: 'Checkout errors (KQL)',
      columns: ['message'],
      kibanaSavedObjectMeta: { searchSourceJSON: searchSource('level: error and not host: web-3', 'kuery') },
    },
    references: [],
  },
  {
    id: 'nested',
    type: 'search',
    attributes: {
      title: 'Nested users',
      columns: [],
      kibanaSavedObjectMeta: { searchSourceJSON: searchSource('user: { name: "bob" }', 'kuery') },
    },
    references: [],
  },
  { exportedCount: 2, missingRefCount: 0, missingReferences: [] },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

interface Listed {
  objects: { id: string; attributes: { title: string; kibanaSavedObjectMeta?: { searchSourceJSON: string } } }[];
}

describe('saved objects page in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;

  before(async () => {
    assert.ok(backend !== undefined);
    ensureWebBuilt();
    t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    await t.listen();
    baseUrl = apiUrlOf(t);
    await setPasswordByInvite(t, await adminUserId(t));
    const vis = await call(t, 'POST', '/v1/saved-objects/visualization', t.apiToken, {
      attributes: { title: 'Logs by host', visState: JSON.stringify({ title: 'Logs by host', type: 'histogram', aggs: [] }) },
    });
    assert.equal(vis.statusCode, 200, vis.body);
    const visId = vis.json<{ id: string }>().id;
    const dashboard = await call(t, 'POST', '/v1/saved-objects/dashboard', t.apiToken, {
      attributes: { title: 'Shop overview', panelsJSON: JSON.stringify([{ panelIndex: '1', panelRefName: 'panel_0' }]) },
      references: [{ name: 'panel_0', type: 'visualization', id: visId }],
    });
    assert.equal(dashboard.statusCode, 200, dashboard.body);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await signInPage(page, baseUrl, ADMIN, WEB_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('imports Kibana NDJSON, converting a KQL search to Lucene and flagging one it cannot convert', async () => {
    await page.goto(`${baseUrl}/app/objects`);
    await waitForTitle(page, 'Saved objects · Logward');
    await page
      .getByTestId('object-count')
      .filter({ hasText: /^2 objects$/ })
      .waitFor();
    await page
      .getByLabel(/^Import a file/)
      .setInputFiles({ name: 'export.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(KIBANA_NDJSON) });
    const result = page.getByTestId('import-result');
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    assert.match(text, /Imported: 2 created, 0 replaced/);
    assert.match(
      text,
      /“Checkout errors \(KQL\)”: KQL “level: error and not host: web-3” converted to Lucene “level: error AND NOT host: web-3”/,
    );
    assert.match(text, /“Nested users”: its KQL query .* was not converted/);
    await page
      .getByTestId('object-count')
      .filter({ hasText: /^4 objects$/ })
      .waitFor();
    const listed = (await call(t, 'GET', '/v1/saved-objects/search?search=Checkout', t.apiToken)).json<Listed>();
    const stored = JSON.parse(listed.objects[0]?.attributes.kibanaSavedObjectMeta?.searchSourceJSON ?? '{}') as {
      query: { query: string; language: string };
    };
    assert.deepEqual(stored.query, { query: 'level: error AND NOT host: web-3', language: 'lucene' });
    await screenshotVariants(page, 'saved-objects-import');
  });

  it('imports a Logz.io export JSON made by the export button', async () => {
    await page.getByLabel(/^Type/).selectOption('visualization');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON (Logz.io)' }).click(),
    ]);
    const exported = JSON.parse(fs.readFileSync((await download.path()) ?? '', 'utf8')) as {
      hits: { _id: string; _source: Record<string, unknown> }[];
    };
    assert.equal(exported.hits.length, 1);
    assert.match(exported.hits[0]?._id ?? '', /^visualization:/);
    // The same file imported again under another id and title: a copy.
    const copy = {
      ...exported,
      hits: exported.hits.map((hit) => ({
        ...hit,
        _id: 'visualization:copy-1',
        _source: { ...hit._source, visualization: { ...(hit._source.visualization as object), title: 'Logs by host (copy)' } },
      })),
    };
    await page
      .getByLabel(/^Import a file/)
      .setInputFiles({ name: 'logzio.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(copy)) });
    await page.getByTestId('import-result').filter({ hasText: 'Imported: 1 created' }).waitFor();
    await page
      .getByTestId('object-count')
      .filter({ hasText: /^2 objects$/ })
      .waitFor();
    await page.getByLabel(/^Type/).selectOption('');
  });

  it('renames an imported object', async () => {
    await page.getByRole('button', { name: 'Rename Checkout errors (KQL)' }).click();
    await page.getByLabel('New title of Checkout errors (KQL)').fill('Checkout errors');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('link', { name: 'Checkout errors', exact: true }).waitFor();
    const listed = (await call(t, 'GET', '/v1/saved-objects/search', t.apiToken)).json<Listed>();
    assert.ok(listed.objects.some((object) => object.id === 'errs' && object.attributes.title === 'Checkout errors'));
    // The rename kept the converted query.
    assert.match(
      listed.objects.find((object) => object.id === 'errs')?.attributes.kibanaSavedObjectMeta?.searchSourceJSON ?? '',
      /AND NOT/,
    );
  });

  it('refuses to delete a visualization a dashboard uses, and deletes an unused object', async () => {
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Logs by host', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /referenc|used/i })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Nested users' }).click();
    await page
      .getByTestId('object-count')
      .filter({ hasText: /^4 objects$/ })
      .waitFor();
    assert.equal(await page.getByRole('link', { name: 'Nested users' }).count(), 0);
    const listed = (await call(t, 'GET', '/v1/saved-objects/search', t.apiToken)).json<Listed>();
    assert.ok(!listed.objects.some((object) => object.id === 'nested'));
    await page.getByRole('searchbox', { name: 'Search titles' }).fill('checkout');
    await page
      .getByTestId('object-count')
      .filter({ hasText: /^1 object$/ })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Search titles' }).fill('');
    await page
      .getByTestId('object-count')
      .filter({ hasText: /^4 objects$/ })
      .waitFor();
    await screenshotVariants(page, 'saved-objects-list');
  });
});
