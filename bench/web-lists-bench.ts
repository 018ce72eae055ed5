/**
 * `npm run bench:web-lists [-- --runs=9]`: first paint of the alerts and security-rules list pages in Debian's
 * Chromium with 1,000 alerts and 1,000 rules (issue 49: ≤ 1 s). Each run opens the page anew (a full load: HTML,
 * the app's scripts, the session, the lazy page chunk, the list request) and measures in the page, from the start of
 * navigation to the frame in which the 1,000th row is on screen. Alerts and rules runs alternate. Prints p50/p95 and
 * the load average.
 */
import os from 'node:os';
import type { Page } from 'playwright-core';
import { apiUrlOf, ensureWebBuilt, launchBrowser } from '../test/support/browser.js';
import { call } from '../test/support/control-plane-client.js';
import { sqliteBackend } from '../test/support/control-plane-backends.js';
import { createSecurityAccount } from '../test/support/security-accounts.js';
import { startTestApp } from '../test/support/test-app.js';
import { adminUserId, setPasswordByInvite, WEB_PASSWORD } from '../test/support/web-users.js';
import { percentile } from './bench-timing.js';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? '9');
const COUNT = 1000;
const ADMIN = 'admin@example.com';

const alertBody = (i: number) => ({
  title: `Alert ${String(i).padStart(4, '0')}`,
  description: 'bench',
  tags: [`team-${i % 7}`],
  enabled: i % 3 !== 0,
  subComponents: [
    {
      queryDefinition: { query: `status:${500 + (i % 5)}`, groupBy: ['host'], aggregation: { aggregationType: 'COUNT' } },
      trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { [['LOW', 'MEDIUM', 'HIGH'][i % 3] ?? 'LOW']: 10 + i } },
    },
  ],
});

const answeredAt: number[] = [];

async function firstPaintMs(page: Page, url: string, testId: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  // Runs in the page (this file compiles without DOM types, hence the shape given to globalThis).
  interface PageGlobals {
    readonly document: { querySelectorAll(selector: string): { readonly length: number } };
    readonly performance: { now(): number };
  }
  const handle = await page.waitForFunction(
    ({ selector, count }) => {
      const page = globalThis as unknown as PageGlobals;
      return page.document.querySelectorAll(selector).length >= count ? page.performance.now() : false;
    },
    { selector: `[data-testid=${testId}] tbody tr`, count: COUNT },
    { polling: 'raf', timeout: 30_000 },
  );
  const painted = Number(await handle.jsonValue());
  // When the list's answer had fully arrived, from the same origin: the rest is parsing and rendering.
  const answered = await page.evaluate(
    (part) =>
      (globalThis as unknown as { performance: { getEntriesByType(type: string): { name: string; responseEnd: number }[] } }).performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes(part))?.responseEnd ?? Number.NaN,
    testId === 'alerts' ? '/v2/alerts' : '/v2/security/rules/search',
  );
  answeredAt.push(answered);
  return painted;
}

const t = await startTestApp({ backend: sqliteBackend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
try {
  ensureWebBuilt();
  await t.listen();
  const baseUrl = apiUrlOf(t);
  await setPasswordByInvite(t, await adminUserId(t));
  for (let i = 0; i < COUNT; i += 1) {
    const created = await call(t, 'POST', '/v2/alerts', t.apiToken, alertBody(i));
    if (created.statusCode !== 200) throw new Error(created.body);
  }
  const siem = await createSecurityAccount(t);
  const member = await call(t, 'POST', '/v1/user-management', t.apiToken, {
    username: ADMIN,
    fullName: 'Admin',
    accountID: siem.accountId,
    role: 'USER_ROLE_ACCOUNT_ADMIN',
  });
  if (member.statusCode !== 200) throw new Error(`adding the admin to the security account answered ${member.statusCode}: ${member.body}`);
  let rules = (await call(t, 'POST', '/v2/security/rules/search', siem.apiToken, {})).json<{ total: number }>().total;
  const pack = rules;
  for (let i = 0; rules < COUNT; i += 1, rules += 1) {
    const created = await call(t, 'POST', '/v2/security/rules', siem.apiToken, {
      ...alertBody(i),
      title: `Rule ${i}`,
      mitreTags: ['T1110'],
    });
    if (created.statusCode !== 201) throw new Error(created.body);
  }
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Member of two accounts: the sign-in page asks which one; the main account first.
    await page.goto(`${baseUrl}/app/`);
    await page.getByLabel('E-mail').fill(ADMIN);
    await page.getByLabel('Password').fill(WEB_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^main/ }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    const alerts: number[] = [];
    const rulesMs: number[] = [];
    const answers = (from: number) => answeredAt.splice(from);
    await firstPaintMs(page, `${baseUrl}/app/alerts`, 'alerts'); // warm-up: the browser's first compile of the chunks
    answeredAt.length = 0;
    for (let run = 0; run < RUNS; run += 1) alerts.push(await firstPaintMs(page, `${baseUrl}/app/alerts`, 'alerts'));
    const alertAnswers = answers(0);
    await page.getByLabel('Account').selectOption({ label: 'security' });
    // The switch is done once the page's session reads the security account.
    for (let i = 0; i < 100; i += 1) {
      const session = await page.evaluate(async () => (await fetch('/v1/session')).json() as Promise<{ accountId: number }>);
      if (session.accountId === siem.accountId) break;
      await page.waitForTimeout(100);
    }
    await firstPaintMs(page, `${baseUrl}/app/security/rules`, 'rules');
    answeredAt.length = 0;
    for (let run = 0; run < RUNS; run += 1) rulesMs.push(await firstPaintMs(page, `${baseUrl}/app/security/rules`, 'rules'));
    const ruleAnswers = answers(0);
    const line = (name: string, values: number[]) =>
      `${name}: p50 ${percentile(values, 0.5).toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms (runs ${values.map((v) => v.toFixed(0)).join(', ')})`;
    console.log(
      `1,000 alerts; ${rules} rules (${pack} built-in); load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(line('alerts list, navigation → 1,000th row painted', alerts));
    console.log(line('  of which: navigation → list answer arrived', alertAnswers));
    console.log(line('security rules list, navigation → 1,000th row painted', rulesMs));
    console.log(line('  of which: navigation → list answer arrived', ruleAnswers));
  } finally {
    await browser.close();
  }
} finally {
  await t.close();
}
