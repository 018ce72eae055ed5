/**
 * `npm run bench:discover -- --data=<dir> [--lines=1000000] [--runs=15] [--ranges=now-15m,now-2d]`: Discover in
 * Debian's Chromium over the bench:ingest generator's logs (the store bench:search loads; a `--data` directory
 * loaded by either bench serves both). For each query and range it types the query and presses Enter, and measures
 * in the page from the keypress to the first rows of logs being on screen (the frame after React rendered them;
 * the count and the histogram follow, decision 0651). The query condition cache is dropped before every run. Prints p50/p95 per query and the split of
 * the p50 run's time: until the /v1/search request left, the request (server and loopback), and JSON + rendering.
 * `--dataset=real` runs the same kinds of rows on the real-logs data set (bench:search's `--dataset=real` directory
 * serves both), with the words bench:search chose on it, over its last 24 hours and 7 days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Session } from 'chdb';
import { createSessionService, createSignInThrottle } from '../src/modules/sessions/index.js';
import { createManualClock } from '../src/shared/clock.js';
import { ensureWebBuilt, launchBrowser, signInPage } from '../test/support/browser.js';
import {
  BENCH_API_TOKEN,
  BENCH_NOW_MS,
  countLogs,
  dropQueryCache,
  ensureMainAccountLoaded,
  openBenchStore,
  type BenchStore,
} from './bench-store.js';
import { percentile } from './bench-timing.js';
import { datasetArgument, type RealWords } from './bench-datasets.js';
import { ensureRealLogsLoaded } from './real-logs/load-real-logs.js';
import { REAL_DEFAULT_SEED, REAL_NOW_MS } from './real-logs/real-log-generator.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '1000000'));
const RUNS = Number(argument('runs', '15'));
/** Without `--data`, a temporary directory, loaded for this run and removed after it. */
const GIVEN_DATA = argument('data', '');
const DATA = GIVEN_DATA === '' ? fs.mkdtempSync(path.join(os.tmpdir(), 'logward-discover-bench-')) : GIVEN_DATA;
const DATASET = datasetArgument();
/** Issue 48's ranges: the last day and a week (the synthetic generator's data is two days; a week holds it all). */
const RANGES = argument('ranges', 'now-24h,now-7d').split(',');
/**
 * `--only=investigation` runs only issue 48's other rows (surrounding, field statistics, dashboard, cancel), and
 * `--only=surrounding,stats,dashboard` a subset of them: the query rows take most of a run's time.
 */
const ONLY = argument('only', '')
  .split(',')
  .filter((name) => name !== '');
const wanted = (row: 'surrounding' | 'stats' | 'dashboard' | 'cancel'): boolean =>
  ONLY.length === 0 || ONLY.includes('investigation') || ONLY.includes(row);
const QUERY_ROWS = ONLY.length === 0;
/** A field query and a bare word (issue 48's rows), then a combination and everything. */
const QUERIES = ['status:500', 'timeout', 'level:ERROR AND type:app', '*'];
/** The real set's rows: the same kinds (a field term, a word, two fields, everything), then a rare token and a phrase. */
const realQueries = (words: RealWords): string[] => [
  `status:${words.status.text}`,
  words.common.text,
  'level:ERROR AND type:java',
  '*',
  words.rare.text,
  `"${words.phrase2.text}"`,
];
const NOW_MS = DATASET === 'real' ? REAL_NOW_MS : BENCH_NOW_MS;
/** A search slow enough to be cancelled while it runs (every message tested by two regexps). */
const SLOW_QUERY = 'message:/.*a.*b.*c.*d.*q.*/ OR message:/.*t.*i.*m.*e.*z.*/';
/** A query the server refuses at once: between runs it empties the results, so each run renders them anew. */
const RESET_QUERY = '(';
const USER = 'discover-bench@bench.example.com';
const PASSWORD = 'discover bench password 1';
const RUN_TIMEOUT_MS = 120_000;

/**
 * The page's `Date` stands still at the server's instant, so relative ranges resolve on both sides alike. Not
 * Playwright's clock: it replaces `performance`, whose resource timings the split needs. Source text, because it
 * runs before the app's scripts.
 */
const FIXED_DATE_SCRIPT = `(() => {
  const RealDate = Date;
  const now = ${NOW_MS};
  function FixedDate(...args) {
    if (new.target === undefined) return new RealDate(now).toString();
    return args.length === 0 ? new RealDate(now) : new RealDate(...args);
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = () => now;
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;
  globalThis.Date = FixedDate;
})();`;

/** What the page records of one run (page milliseconds; -1 until it happened). */
interface PageMark {
  enterAt: number;
  shownAt: number;
  paintedAt: number;
  rows: number;
  hits: string;
}

interface PageElement {
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): { readonly length: number };
  readonly textContent: string | null;
}
/** The few browser globals the in-page code uses (the bench compiles without the DOM library). */
interface PageScope {
  discoverBench?: PageMark;
  readonly document: { readonly body: unknown; querySelector(selector: string): PageElement | null };
  readonly performance: {
    now(): number;
    clearResourceTimings(): void;
    getEntriesByType(type: 'resource'): readonly { readonly name: string; readonly startTime: number; readonly responseEnd: number }[];
  };
  addEventListener(type: 'keydown', listener: (event: { readonly key: string; readonly timeStamp: number }) => void, options: object): void;
  requestAnimationFrame(callback: () => void): void;
  readonly MutationObserver: new (callback: (records: unknown, observer: { disconnect(): void }) => void) => {
    observe(target: unknown, options: object): void;
  };
}

interface Run {
  readonly totalMs: number;
  readonly beforeRequestMs: number;
  readonly requestMs: number;
  readonly afterResponseMs: number;
  readonly rows: number;
  readonly hits: string;
}

/** A user of the main account with a web password (created on a directory's first run). */
async function webUser(store: BenchStore): Promise<void> {
  const headers = { 'x-api-token': BENCH_API_TOKEN };
  const users = await store.app.api.inject({ method: 'GET', url: '/v1/user-management', headers });
  if (!users.json<{ username: string }[]>().some((user) => user.username === USER)) {
    const created = await store.app.api.inject({
      method: 'POST',
      url: '/v1/user-management',
      headers,
      payload: { username: USER, fullName: 'Discover Bench', accountID: store.mainAccount, role: 'USER_ROLE_REGULAR' },
    });
    if (created.statusCode !== 200) throw new Error(`creating the bench user answered ${created.statusCode}: ${created.body}`);
  }
  const clock = createManualClock(NOW_MS);
  await createSessionService({ db: store.app.controlPlane.db, clock, throttle: createSignInThrottle(clock) }).setPassword(USER, PASSWORD);
}

/** Listens in the page for the Enter keypress and for the results it brings (in the frame after they rendered). */
async function arm(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as PageScope;
    const { document, performance } = scope;
    const mark: PageMark = { enterAt: -1, shownAt: -1, paintedAt: -1, rows: 0, hits: '' };
    scope.discoverBench = mark;
    performance.clearResourceTimings();
    scope.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && mark.enterAt < 0) mark.enterAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
    // The reset query left no results: the logs table and the histogram appear in the commit that renders them.
    new scope.MutationObserver((_records, observer) => {
      if (mark.enterAt < 0 || mark.shownAt >= 0) return;
      const results = document.querySelector('section[aria-label="Results"]');
      if (results === null || results.getAttribute('aria-busy') !== 'false') return;
      if (results.querySelector('table[aria-label="Logs"] tbody tr') === null) return;
      if (results.querySelector('[data-testid="histogram"] rect') === null) return;
      mark.shownAt = performance.now();
      mark.rows = results.querySelectorAll('table[aria-label="Logs"] tr.log-row').length;
      mark.hits = results.querySelector('[data-testid="hits-count"]')?.textContent ?? '';
      observer.disconnect();
      // A rAF callback runs before the frame is painted; a task queued from it runs after.
      scope.requestAnimationFrame(() => setTimeout(() => (mark.paintedAt = performance.now()), 0));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The run's mark and its /v1/search request's timing, once the results are on screen. */
async function collect(page: Page): Promise<Run> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  let polls = 0;
  for (;;) {
    const seen = await page.evaluate(() => {
      const scope = globalThis as unknown as PageScope;
      const mark = scope.discoverBench;
      if (mark === undefined || mark.paintedAt < 0) return undefined;
      const requests = scope.performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/v1/app/search') && entry.startTime >= mark.enterAt)
        .map((entry) => ({ startTime: entry.startTime, responseEnd: entry.responseEnd }));
      return { mark, requests };
    });
    if (seen !== undefined) {
      const { mark, requests } = seen;
      // The first request the page sent is the page of rows (the counts follow it). Its timing entry is added once
      // its body was read, which may come a moment after the rows were drawn: look again then.
      const [request] = requests.sort((a, b) => a.startTime - b.startTime);
      if (request === undefined) {
        if (Date.now() > deadline) throw new Error('expected a /v1/app/search request');
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      return {
        totalMs: mark.paintedAt - mark.enterAt,
        beforeRequestMs: request.startTime - mark.enterAt,
        requestMs: request.responseEnd - request.startTime,
        afterResponseMs: mark.paintedAt - request.responseEnd,
        rows: mark.rows,
        hits: mark.hits,
      };
    }
    // The search failed (e.g. the engine's 30 s limit): no rows will come, say so now rather than at the deadline.
    if ((polls += 1) % 50 === 0 && (await page.locator('.query-error').isVisible())) {
      throw new Error(`failed: ${await page.locator('.query-error').textContent()}`);
    }
    if (Date.now() > deadline) {
      const error = await page
        .locator('.query-error')
        .textContent({ timeout: 1000 })
        .catch(() => null);
      throw new Error(`no results within ${RUN_TIMEOUT_MS} ms${error === null ? '' : `: ${error}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Loads the data set unless the directory holds it, and answers the rows to run on it. */
async function loadedQueries(store: BenchStore): Promise<readonly string[]> {
  if (DATASET !== 'real') {
    await ensureMainAccountLoaded(store, LINES);
    return QUERIES;
  }
  const seed = Number(argument('seed', String(REAL_DEFAULT_SEED)));
  return realQueries((await ensureRealLogsLoaded(store, DATA, { count: LINES, seed })).words);
}

/** Engine statements of searches still running (those carrying Logward's cancel tag). */
async function taggedStatements(store: BenchStore): Promise<number> {
  const result = await store.hand.queryAsync(
    "SELECT count() AS n FROM system.processes WHERE query LIKE '%log_comment = %logward-%' AND query NOT LIKE '%system.processes%' AND query NOT LIKE 'KILL%'",
    { format: 'JSONEachRow' },
  );
  return (JSON.parse(result.text()) as { n: number }).n;
}

/**
 * `--statements`: every engine statement of each issue-48 row's last run, with its milliseconds (from the moment it
 * is sent to the engine to its rows; chDB has no system.query_log), as bench/real-logs/statement-profile.ts does for
 * bench:search. The bench's own statements (the cache drop, system.processes) are left out.
 */
const STATEMENTS = process.argv.includes('--statements');
const WITH_PRESENCE = process.argv.includes('--with-presence');
const statementLog: { sql: string; ms: number }[] = [];
let recordingStatements = false;
/**
 * Set by a row where its timed part starts: the server's CPU from there to the row's end (the store is chDB in this
 * process, so the engine's threads are counted), a figure the other lanes' load moves far less than milliseconds.
 */
let cpuMark: NodeJS.CpuUsage | null = null;
if (STATEMENTS) {
  const original = Session.prototype.queryAsync;
  Session.prototype.queryAsync = async function (this: Session, ...args: Parameters<Session['queryAsync']>) {
    const started = performance.now();
    const result = await original.apply(this, args);
    const sql = String(args[0]);
    if (recordingStatements && !/system\.|SYSTEM DROP/i.test(sql)) statementLog.push({ sql, ms: performance.now() - started });
    return result;
  } as Session['queryAsync'];
}

async function timed(runs: number, once: () => Promise<number>, label = ''): Promise<string> {
  const failed = await once().then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 100),
  );
  if (failed !== null) return `failed: ${failed} | | 0 |`;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    statementLog.length = 0;
    recordingStatements = STATEMENTS && i === runs - 1;
    cpuMark = null;
    times.push(await once());
    const used = cpuMark === null ? null : process.cpuUsage(cpuMark);
    if (used !== null) cpu.push((used.user + used.system) / 1000);
    recordingStatements = false;
  }
  if (STATEMENTS) {
    console.log(`\n## ${label}: last run ${times.at(-1)?.toFixed(0)} ms, ${statementLog.length} statements`);
    for (const t of statementLog) console.log(`${t.ms.toFixed(1).padStart(8)} ms  ${t.sql.replace(/\s+/g, ' ').slice(0, 600)}`);
  }
  const cpuText = cpu.length === 0 ? '' : percentile(cpu, 0.5).toFixed(0);
  return `${percentile(times, 0.5).toFixed(0)} | ${percentile(times, 0.95).toFixed(0)} | ${runs} | ${cpuText}`;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Issue 48's other rows: surrounding documents of a log (the request, from the page), one field's statistics (click →
 * shown), a 6-panel dashboard (navigation → every panel drawn), and Cancel → the statement gone from the engine.
 */
async function investigationRows(page: Page, baseUrl: string, store: BenchStore): Promise<string[]> {
  const rows: string[] = [];
  await page.goto(`${baseUrl}/app/discover?from=now-24h&to=now&q=level%3AERROR`);
  await page.locator('.logs tr.log-row').first().waitFor({ timeout: RUN_TIMEOUT_MS });
  // The sidebar's field presence is a statement of its own, seconds long over a day of real logs: the rows below
  // time their own path, not that one beside it (`--with-presence` keeps it running, as a user clicking at once).
  const presenceDone = async (): Promise<void> => {
    if (!WITH_PRESENCE) await page.getByText(/ of \d+ in range/).waitFor({ timeout: RUN_TIMEOUT_MS });
  };
  await presenceDone();
  if (wanted('surrounding')) {
    // The anchor: the newest `level:ERROR` log (looked up once; its lookup is no part of the row).
    const anchorResponse = await store.app.api.inject({
      method: 'POST',
      url: '/v1/app/search',
      headers: { 'content-type': 'application/json', 'x-api-token': BENCH_API_TOKEN },
      payload: JSON.stringify({
        from: 'now-24h',
        to: 'now',
        search: { size: 1, sort: [{ '@timestamp': 'desc' }], query: { query_string: { query: 'level:ERROR' } } },
      }),
    });
    const anchor = anchorResponse.json<{ hits: { hits: { _id: string; _source: Record<string, unknown> }[] } }>().hits.hits[0];
    if (anchor === undefined) throw new Error('no log to surround');
    const surroundingBody = JSON.stringify({
      anchor: { id: anchor._id, timestampMs: Date.parse(String(anchor._source['@timestamp'])) },
      older: 10,
      newer: 10,
      sameAs: typeof anchor._source.host === 'string' ? { host: anchor._source.host } : {},
    });
    const surrounding = await timed(
      RUNS,
      async () => {
        await dropQueryCache(store);
        cpuMark = process.cpuUsage();
        return page.evaluate(async (body) => {
          const scope = globalThis as unknown as { fetch: typeof fetch; performance: { now(): number } };
          const session = (await (await scope.fetch('/v1/session')).json()) as { csrfToken: string };
          const started = scope.performance.now();
          const response = await scope.fetch('/v1/app/surrounding', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
            body,
          });
          if (!response.ok) throw new Error(`surrounding answered ${response.status}`);
          await response.json();
          return scope.performance.now() - started;
        }, surroundingBody);
      },
      'surrounding',
    );
    rows.push(`| surrounding documents, 10 each way on the same host (request) | ${surrounding} |`);
  }

  if (wanted('stats')) {
    const stats = await timed(
      RUNS,
      async () => {
        await page.goto(`${baseUrl}/app/discover?from=now-24h&to=now&q=level%3AERROR`);
        await page.locator('li[data-field="status"] button.field-name').waitFor({ timeout: RUN_TIMEOUT_MS });
        await page.locator('.logs tr.log-row').first().waitFor({ timeout: RUN_TIMEOUT_MS });
        await presenceDone();
        // `status` holds no value in the `level:ERROR` logs: once presence is in, it is listed under the empty fields.
        const empty = page.getByRole('button', { name: /Empty fields/ });
        if (!(await page.locator('li[data-field="status"] button.field-name').isVisible()) && (await empty.isVisible()))
          await empty.click();
        await dropQueryCache(store);
        cpuMark = process.cpuUsage();
        const started = Date.now();
        await page.locator('li[data-field="status"] button.field-name').click();
        // The statistics drawn (a number field's distribution comes with them when the field holds numbers).
        await page.getByTestId('field-stats-status').waitFor({ timeout: RUN_TIMEOUT_MS });
        return Date.now() - started;
      },
      'field statistics',
    );
    rows.push(`| field statistics of status over 24 h (click → shown) | ${stats} |`);
  }

  if (wanted('dashboard')) {
    const headers = { 'x-api-token': BENCH_API_TOKEN };
    const specs = [
      {
        type: 'histogram',
        aggs: [
          { id: '1', type: 'count', schema: 'metric', params: {} },
          { id: '2', type: 'date_histogram', schema: 'segment', params: { field: '@timestamp' } },
        ],
      },
      {
        type: 'pie',
        aggs: [
          { id: '1', type: 'count', schema: 'metric', params: {} },
          { id: '3', type: 'terms', schema: 'segment', params: { field: 'level', size: 5 } },
        ],
      },
      { type: 'metric', aggs: [{ id: '1', type: 'count', schema: 'metric', params: {} }] },
      {
        type: 'line',
        aggs: [
          { id: '1', type: 'avg', schema: 'metric', params: { field: 'duration_ms' } },
          { id: '2', type: 'date_histogram', schema: 'segment', params: { field: '@timestamp' } },
        ],
      },
      {
        type: 'table',
        aggs: [
          { id: '1', type: 'count', schema: 'metric', params: {} },
          { id: '3', type: 'terms', schema: 'segment', params: { field: 'host', size: 10 } },
        ],
      },
      {
        type: 'histogram',
        aggs: [
          { id: '1', type: 'count', schema: 'metric', params: {} },
          { id: '2', type: 'date_histogram', schema: 'segment', params: { field: '@timestamp' } },
          { id: '3', type: 'terms', schema: 'group', params: { field: 'status', size: 5 } },
        ],
      },
    ];
    const ids: string[] = [];
    for (const [i, spec] of specs.entries()) {
      const created = await store.app.api.inject({
        method: 'POST',
        url: '/v1/saved-objects/visualization',
        headers,
        payload: {
          attributes: {
            title: `bench panel ${i}`,
            description: '',
            visState: JSON.stringify({ title: `bench panel ${i}`, ...spec, params: {} }),
            uiStateJSON: '{}',
            kibanaSavedObjectMeta: { searchSourceJSON: JSON.stringify({ query: { query: '', language: 'lucene' }, filter: [] }) },
          },
          references: [],
        },
      });
      ids.push(created.json<{ id: string }>().id);
    }
    const dashboard = await store.app.api.inject({
      method: 'POST',
      url: '/v1/saved-objects/dashboard',
      headers,
      payload: {
        attributes: {
          title: 'bench dashboard',
          description: '',
          panelsJSON: JSON.stringify(
            ids.map((_, i) => ({
              type: 'visualization',
              gridData: { x: (i % 2) * 24, y: Math.floor(i / 2) * 15, w: 24, h: 15, i: String(i + 1) },
              panelIndex: String(i + 1),
              panelRefName: `panel_${i}`,
            })),
          ),
          optionsJSON: '{}',
          timeRestore: false,
          timeFrom: 'now-24h',
          timeTo: 'now',
          refreshInterval: { pause: true, value: 0 },
          kibanaSavedObjectMeta: { searchSourceJSON: JSON.stringify({ query: { query: '', language: 'lucene' }, filter: [] }) },
        },
        references: ids.map((id, i) => ({ name: `panel_${i}`, type: 'visualization', id })),
      },
    });
    const dashboardId = dashboard.json<{ id: string }>().id;
    const board = await timed(
      RUNS,
      async () => {
        await page.goto(`${baseUrl}/app/discover?from=now-15m&to=now`);
        await dropQueryCache(store);
        cpuMark = process.cpuUsage();
        const started = Date.now();
        await page.goto(`${baseUrl}/app/dashboards/${dashboardId}?from=now-24h&to=now`);
        await until(
          async () =>
            (await page.locator('.panel canvas, .panel [data-testid="metric-value"], .panel table.data-table tbody tr').count()) >= 6,
          RUN_TIMEOUT_MS,
        );
        return Date.now() - started;
      },
      'dashboard',
    );
    rows.push(`| 6-panel dashboard over 24 h (navigation → every panel drawn) | ${board} |`);
  }

  if (wanted('cancel')) {
    const cancel = await timed(
      Math.min(RUNS, 5),
      async () => {
        await page.goto(`${baseUrl}/app/discover?from=now-7d&to=now&q=${encodeURIComponent(SLOW_QUERY)}`);
        await page.getByTestId('cancel-search').waitFor({ timeout: RUN_TIMEOUT_MS });
        await until(async () => (await taggedStatements(store)) > 0, RUN_TIMEOUT_MS);
        const started = Date.now();
        await page.getByTestId('cancel-search').click();
        await until(async () => (await taggedStatements(store)) === 0, RUN_TIMEOUT_MS);
        return Date.now() - started;
      },
      'cancel',
    );
    rows.push(`| Cancel → the statement gone from the engine (system.processes) | ${cancel} |`);
  }
  return rows;
}

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  ensureWebBuilt();
  const store = await openBenchStore(DATA, createManualClock(NOW_MS));
  const queries = await loadedQueries(store);
  const stored = await countLogs(store, store.mainAccount);
  await webUser(store);
  await store.app.api.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(store.app.api.server.address() as AddressInfo).port}`;

  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript({ content: FIXED_DATE_SCRIPT });
  await signInPage(page, baseUrl, USER, PASSWORD);
  // The landing page's own requests finish before the bench navigates away from it.
  await page.waitForLoadState('networkidle');
  const queryBox = page.getByRole('combobox', { name: 'Query (Lucene syntax)' });

  const once = async (query: string): Promise<Run> => {
    await queryBox.fill(RESET_QUERY);
    await queryBox.press('Enter');
    await page.locator('.query-error').waitFor({ timeout: RUN_TIMEOUT_MS });
    await dropQueryCache(store);
    await queryBox.fill(query);
    // Enter would take a field-name suggestion instead of searching.
    if ((await queryBox.getAttribute('aria-expanded')) === 'true') throw new Error(`"${query}" opens field suggestions`);
    await arm(page);
    await page.keyboard.press('Enter');
    return collect(page);
  };

  const rows: string[] = [];
  for (const range of QUERY_ROWS ? RANGES : []) {
    await page.goto(`${baseUrl}/app/discover?q=${encodeURIComponent(RESET_QUERY)}&from=${range}&to=now`);
    for (const query of queries) {
      // Warm-up: the first render of a page JIT-compiles the table's code. A query that fails is a figure too.
      const first = await once(query).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (typeof first === 'string') {
        rows.push(`| \`${query}\` | ${range} | ${first.slice(0, 100)} | | | | |`);
        console.log(rows[rows.length - 1]);
        continue;
      }
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await once(query));
      const byTotal = [...runs].sort((a, b) => a.totalMs - b.totalMs);
      const median = byTotal[Math.min(byTotal.length - 1, Math.floor(byTotal.length / 2))] ?? first;
      const totals = runs.map((run) => run.totalMs);
      const row = `| \`${query}\` | ${range} | ${median.hits} | ${median.rows} | ${percentile(totals, 0.5).toFixed(0)} | ${percentile(totals, 0.95).toFixed(0)} | ${median.beforeRequestMs.toFixed(0)} / ${median.requestMs.toFixed(0)} / ${median.afterResponseMs.toFixed(0)} |`;
      rows.push(row);
      console.log(row);
    }
  }
  const extra = await investigationRows(page, baseUrl, store);
  console.log(
    `\n${DATASET} set: ${stored} logs in the searched account (${LINES} generated), ${RUNS} runs per row after one warm-up, Chromium headless, ${os.cpus().length} cores; load average (1/5/15 min) at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}`,
  );
  console.log(
    '| query | range | hits | rows shown | Enter → shown p50 (ms) | p95 | p50 run: before request / request / JSON + render |\n|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.log(row);
  console.log('\n| what (issue 48) | p50 (ms) | p95 (ms) | runs | server CPU p50 (ms) |\n|---|---|---|---|---|');
  for (const row of extra) console.log(row);
  await browser.close();
  store.hand.close();
  await store.app.stop();
  if (GIVEN_DATA === '') fs.rmSync(DATA, { recursive: true, force: true });
}

await main();
