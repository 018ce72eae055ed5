/**
 * `npm run bench:search [-- --lines=1000000 --runs=7 --data=<dir>]`: the reference queries through /v1/search
 * over HTTP against the bench:ingest generator's logs, and each one written by hand in SQL against the same
 * store in the same run; then the field-less queries people type, each beside the same query on `message`, on
 * that data set (spread over two days) and on a live-traffic one (a sub account whose logs mostly arrived in the
 * last minutes). The query condition cache is dropped before every run of both. Prints p50/p95 (ms).
 * Then lookup lists in queries: a 100,000-value list and 1,000 CIDR ranges on `client_ip`, beside the term query.
 * A `--data` directory is reused across runs (loaded once); `--only=<text>` runs the queries whose name holds it,
 * `--reference-only` the reference rows alone. `--dataset=real` runs issue 47's rows on the real-logs data set
 * instead (bench/real-logs/real-search-bench.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { createManualClock } from '../src/shared/clock.js';
import {
  BENCH_API_TOKEN,
  BENCH_NOW_MS,
  countLogs,
  dropQueryCache,
  ensureMainAccountLoaded,
  loadGenerated,
  openBenchStore,
  settleWordCounts,
  waitForMutations,
} from './bench-store.js';
import { BENCH_START_MS, seededRandom } from './generate-logs.js';
import { FIELDLESS_HAND_QUERIES, FIELDLESS_QUERIES, REFERENCE_QUERIES } from './search-queries.js';
import { createSearchMeasurer, measuredRow, type Compared } from './search-measure.js';
import { datasetArgument } from './bench-datasets.js';
import { realSearchBench } from './real-logs/real-search-bench.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '1000000'));
const RUNS = Number(argument('runs', '7'));
const DATA = argument('data', fs.mkdtempSync(path.join(os.tmpdir(), 'logward-search-bench-')));
/** `--only=count`: the reference queries whose name holds this text (all by default). */
const ONLY = argument('only', '');
/** `--reference-only`: the reference rows and the calibration alone (before/after comparisons with older trees). */
const REFERENCE_ONLY = process.argv.includes('--reference-only');
const API_TOKEN = BENCH_API_TOKEN;
/** The live-traffic data set: this share of its logs within the last LIVE_RECENT_MS of the window. */
const LIVE_RECENT_SHARE = 0.7;
const LIVE_RECENT_MS = 15 * 60_000;
const LIVE_ACCOUNT_NAME = 'bench-live';

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  // The window (today and yesterday UTC) covers the generator's two days.
  const clock = createManualClock(BENCH_NOW_MS);
  const store = await openBenchStore(DATA, clock);
  const { app, mainAccount, hand } = store;
  const count = (accountId: number): Promise<number> => countLogs(store, accountId);
  await ensureMainAccountLoaded(store, LINES);
  const stored = await count(mainAccount);
  const scope = `account = ${mainAccount} AND ts >= fromUnixTimestamp64Milli(${BENCH_START_MS}, 'UTC') AND ts < fromUnixTimestamp64Milli(${BENCH_START_MS + 2 * 86_400_000}, 'UTC')`;
  const day = (ms: number): string => `toDate32('${new Date(ms).toISOString().slice(0, 10)}')`;
  const days = `account = ${mainAccount} AND toDate32(ts) >= ${day(BENCH_START_MS)} AND toDate32(ts) < ${day(BENCH_START_MS + 2 * 86_400_000)}`;
  // Calibration, not a reference query: the count statement behind a bare route (no token, no DSL) shows what
  // HTTP alone adds to a statement this short.
  const countSql = `SELECT count() FROM logs WHERE ${scope}`;
  app.api.post('/bench/bare-count', { config: { public: true } }, async () => ({
    n: (await hand.queryAsync(countSql, { format: 'JSONEachRow' })).text(),
  }));
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  const address = app.api.server.address();
  if (address === null || typeof address !== 'object') throw new Error('no API address');
  // A keep-alive client with little overhead of its own (global fetch adds about 1 ms per request in this process).
  const client = new Pool(`http://127.0.0.1:${address.port}`, { connections: 1 });
  const dropCache = () => dropQueryCache(store);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const response = await client.request({
      path,
      method,
      headers: { 'content-type': 'application/json', 'x-api-token': API_TOKEN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
    return JSON.parse(text) as unknown;
  };
  const live = await liveAccount(call, mainAccount);
  if ((await count(live.accountId)) === 0) {
    // Live traffic: most logs in the last minutes before the window's end, the rest spread over the two days.
    const end = clock.now();
    const random = seededRandom(7);
    await loadGenerated(store, {
      lines: LINES,
      generated: 1,
      accountId: live.accountId,
      reshape: (doc) => (random() < LIVE_RECENT_SHARE ? { ...doc, timestampMs: end - Math.floor(random() * LIVE_RECENT_MS) } : doc),
    });
    await waitForMutations(store);
  }
  const liveStored = await count(live.accountId);
  await settleWordCounts(store);

  const rows: string[] = [];
  const measurer = createSearchMeasurer({ client, hand, dropCache, minRuns: RUNS });
  const measure = async (name: string, path: string, body: unknown, compared: Compared, token = API_TOKEN): Promise<void> => {
    rows.push(measuredRow(await measurer.measure(name, path, body, compared, token)));
    console.log(rows[rows.length - 1]);
  };
  for (const query of REFERENCE_QUERIES.filter((q) => q.name.includes(ONLY)))
    await measure(query.name, '/v1/search', query.body, { statements: query.sql(scope, days) });
  if (ONLY === '') await measure('count over a bare HTTP route (calibration)', '/bench/bare-count', {}, { statements: [countSql] });
  const referenceRows = rows.splice(0);
  const lookupNotes = !REFERENCE_ONLY && LOOKUP_CASES.some((c) => c.name.includes(ONLY)) ? await measureLookups(call, measure) : [];
  const lookupRows = rows.splice(0);
  for (const [set, token] of [
    ['spread', API_TOKEN],
    ['live', live.token],
  ] as const) {
    for (const query of FIELDLESS_QUERIES.filter((q) => !REFERENCE_ONLY && `${set}: ${q.name}`.includes(ONLY))) {
      await measure(`${set}: ${query.name}`, query.path, query.body, { path: query.path, body: query.onMessage, token }, token);
    }
  }
  const fieldlessRows = rows.splice(0);
  for (const [set, token, accountId] of [
    ['spread', API_TOKEN, mainAccount],
    ['live', live.token, live.accountId],
  ] as const) {
    const setScope = scope.replace(`account = ${mainAccount}`, `account = ${accountId}`);
    for (const query of FIELDLESS_HAND_QUERIES.filter((q) => !REFERENCE_ONLY && `${set}: ${q.name}`.includes(ONLY))) {
      await measure(`${set}: ${query.name}`, '/v1/search', query.body, { statements: query.sql(setScope, days) }, token);
    }
  }
  console.log(
    `\n${stored} logs in the searched account (${LINES} generated), at least ${RUNS} runs after warm-up runs (a tenth as many), ${os.cpus().length} cores; load average (1/5/15 min) at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}`,
  );
  console.log('| query | /v1/search p50 | p95 | hand SQL p50 | p95 | ratio | runs |\n|---|---|---|---|---|---|---|');
  for (const row of referenceRows) console.log(row);
  if (lookupRows.length > 0) {
    console.log(`\nLookup lists (decision 0451), each beside the term query on one value of the same field; ${lookupNotes.join('; ')}`);
    console.log('| query | lookup p50 | p95 | term p50 | p95 | ratio | runs |\n|---|---|---|---|---|---|---|');
    for (const row of lookupRows) console.log(row);
  }
  console.log(
    `\nField-less queries; spread: the account above; live: ${liveStored} logs, ${LIVE_RECENT_SHARE * 100} % of them in the last ${LIVE_RECENT_MS / 60_000} minutes`,
  );
  console.log('| query | field-less p50 | p95 | on `message` p50 | p95 | ratio | runs |\n|---|---|---|---|---|---|---|');
  for (const row of fieldlessRows) console.log(row);
  if (rows.length > 0) {
    console.log('\nField-less common word beside the hand-written SQL over the all-fields index (the same question, exact total)');
    console.log('| query | /v1/search p50 | p95 | hand SQL p50 | p95 | ratio | runs |\n|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }
  hand.close();
  await client.close();
  await app.stop();
}

/** The live data set's sub account (created on the first run, searchable) and an API token of its own. */
type Call = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;
type Measure = (
  name: string,
  path: string,
  body: unknown,
  compared: { readonly path: string; readonly body: unknown; readonly token: string },
) => Promise<void>;

const newest50 = { sort: [{ '@timestamp': { order: 'desc' } }], size: 50 };
/** The generator's client IPs are 10.a.b.c: the lists draw from the same space, so some of them match. */
const LOOKUP_CASES: readonly { readonly name: string; readonly list: string; readonly values: () => string[] }[] = [
  {
    name: 'lookup client_ip in a 100,000-value list, newest 50',
    list: 'bench 100k ips',
    values: () => {
      const random = seededRandom(11);
      const ips = new Set<string>();
      while (ips.size < 100_000) ips.add(`10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`);
      return [...ips];
    },
  },
  {
    name: 'lookup client_ip in 1,000 CIDR /24 ranges, newest 50',
    list: 'bench 1k cidrs',
    values: () => Array.from({ length: 1000 }, (_, i) => `10.${i % 256}.${Math.floor(i / 256) * 7}.0/24`),
  },
];

/** Creates (once per data directory) and fills each list, then measures each lookup beside the term query. */
async function measureLookups(call: Call, measure: Measure): Promise<string[]> {
  const notes: string[] = [];
  const term = { query: { term: { client_ip: '10.1.2.3' } }, ...newest50 };
  for (const lookup of LOOKUP_CASES.filter((c) => c.name.includes(ONLY))) {
    const found = (await call('POST', '/v1/lookup-lists/search', { filter: { searchTerm: lookup.list } })) as { results: { id: string }[] };
    const id = found.results[0]?.id ?? ((await call('POST', '/v1/lookup-lists', { name: lookup.list })) as { id: string }).id;
    const values = lookup.values();
    const started = performance.now();
    await call(
      'POST',
      `/v1/lookup-lists/${id}/elements/bulk-add`,
      values.map((value) => ({ value })),
    );
    notes.push(`bulk-add of ${values.length} values: ${Math.round(performance.now() - started)} ms`);
    await measure(
      lookup.name,
      '/v1/search',
      { query: { lookup: { client_ip: { list: id } } }, ...newest50 },
      { path: '/v1/search', body: term, token: API_TOKEN },
    );
  }
  return notes;
}

async function liveAccount(
  call: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>,
  mainAccount: number,
): Promise<{ accountId: number; token: string }> {
  const accounts = (await call('GET', '/v1/account-management/time-based-accounts')) as { accountId: number; accountName: string }[];
  let accountId = accounts.find((a) => a.accountName === LIVE_ACCOUNT_NAME)?.accountId;
  if (accountId === undefined) {
    // Creating a sub account takes the e-mail of an admin of the main account (the bootstrap one is admin@logward.localhost).
    const email = 'bench-admin@bench.example.com';
    await call('POST', '/v1/user-management', {
      username: email,
      fullName: 'Bench Admin',
      accountID: mainAccount,
      role: 'USER_ROLE_ACCOUNT_ADMIN',
    });
    const created = (await call('POST', '/v1/account-management/time-based-accounts', {
      email,
      accountName: LIVE_ACCOUNT_NAME,
      retentionDays: 3650,
      maxDailyGB: 1000,
      sharingObjectsAccounts: [],
      searchable: true,
      accessible: true,
    })) as { accountId: number };
    accountId = created.accountId;
  }
  const token = (await call('POST', '/v1/api-tokens/sub-account', { name: `bench-${Date.now()}`, accountId })) as { token: string };
  return { accountId, token: token.token };
}

await (datasetArgument() === 'real' ? realSearchBench() : main());
