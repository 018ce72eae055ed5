import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TestApp } from './test-app.js';

/** Debian's Chromium (scripts/prepare-test-machine.sh installs it); playwright-core never downloads a browser. */
export const CHROMIUM_PATH = process.env.LOGWARD_CHROMIUM ?? '/usr/bin/chromium';

/** Screenshots and other artefacts of the browser tests, for people to look at. */
export const TEST_OUTPUT_DIR = process.env.LOGWARD_TEST_OUTPUT_DIR ?? path.resolve('test-output/web');

/**
 * Builds the web UI when its sources are newer than web/dist (npm ci has normally built it already), before the
 * app under test reads web/dist.
 */
export function ensureWebBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs', '--if-stale'], {
    stdio: 'inherit',
    env: { ...process.env, CI: 'true' },
  });
  if (result.status !== 0) throw new Error('building the web UI failed');
}

export async function launchBrowser(): Promise<Browser> {
  // Root on the test machines: Chromium's sandbox needs user namespaces, which containers often lack.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Where the app's API port listens once started (`t.listen()`). */
export function apiUrlOf(t: TestApp): string {
  const address = t.api.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  const file = path.join(TEST_OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export async function signInPage(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/app/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
}

/** Light and dark, wide and 390 px narrow: `<name>-<scheme>-<width>.png`, each after `settle` (default 250 ms). */
export async function screenshotVariants(
  page: Page,
  name: string,
  settle: () => Promise<void> = () => page.waitForTimeout(250),
): Promise<void> {
  const original = page.viewportSize() ?? { width: 1400, height: 900 };
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1400, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(size);
      await settle();
      await screenshot(page, `${name}-${colorScheme}-${size.width}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(original);
}

/** Waits until the page names itself `title` (pages set it once their data has loaded). */
export async function waitForTitle(page: Page, title: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await page.title()) !== title) {
    if (Date.now() > deadline) throw new Error(`page title is "${await page.title()}", expected "${title}"`);
    await page.waitForTimeout(50);
  }
}
