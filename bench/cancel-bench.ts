/**
 * `npm run bench:cancel -- [--data=<dir>] [--lines=100000] [--runs=10]`: how fast Cancel frees the engine (issue 48,
 * bar 1 s). On the real-logs data set (loaded once per `--data` directory), over HTTP as the web app does: a slow
 * search is started through `POST /v1/app/search` with a search id, and once its statements run in the engine it is
 * cancelled through `POST /v1/app/search/cancel`. Measured from the cancel: until no statement of a search is left in
 * `system.processes`, and until the search's answer (499) came back — the server answers only once its statements
 * have ended, and the fair queue frees the slot before that (fair-queue.ts), so this is the slot free too. Each kind
 * of slow search: regexps and wildcards (text-index dictionary reads, decisions 0650, 0653) and a scan of every message.
 * `--uncancelled` times the same searches run to their end instead; `--timeout=<ms>` how long a cancelled statement may
 * stay before the bench prints what is left in system.processes and stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createManualClock } from '../src/shared/clock.js';
import { BENCH_API_TOKEN, countLogs, openBenchStore, type BenchStore } from './bench-store.js';
import { percentile } from './bench-timing.js';
import { ensureRealLogsLoaded } from './real-logs/load-real-logs.js';
import { REAL_DEFAULT_SEED, REAL_NOW_MS } from './real-logs/real-log-generator.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '100000'));
const RUNS = Number(argument('runs', '10'));
const GIVEN_DATA = argument('data', '');
const DATA = GIVEN_DATA === '' ? fs.mkdtempSync(path.join(os.tmpdir(), 'logward-cancel-bench-')) : GIVEN_DATA;
const TIMEOUT_MS = 120_000;

/** Searches slow enough to cancel while they run, over the week. */
const SLOW: readonly { readonly name: string; readonly query: string }[] = [
  {
    name: 'regexps (dictionary reads)',
    query: 'message:/.*e.*r.*r.*o.*r.*9.*x.*/ OR message:/.*t.*i.*m.*e.*z.*/ OR message:/.*u.*s.*e.*r.*q.*/',
  },
  { name: 'leading wildcards (dictionary reads)', query: 'message:*ailed* OR message:*onnect* OR message:*xception*' },
  { name: 'phrase over every message', query: '"connection reset by peer" OR "user authentication failure" OR "broken pipe"' },
];

/** Statements of searches still in the engine (those carrying Logward's cancel tag), and the first one's text. */
async function tagged(store: BenchStore): Promise<{ readonly n: number; readonly first: string }> {
  const result = await store.hand.queryAsync(
    "SELECT count() AS n, substring(any(query), 1, 160) AS first FROM system.processes WHERE query LIKE '%log_comment = %logward-%' AND query NOT LIKE '%system.processes%' AND query NOT LIKE 'KILL%'",
    { format: 'JSONEachRow' },
  );
  return JSON.parse(result.text()) as { n: number; first: string };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  const store = await openBenchStore(DATA, createManualClock(REAL_NOW_MS));
  await ensureRealLogsLoaded(store, DATA, { count: LINES, seed: Number(argument('seed', String(REAL_DEFAULT_SEED))) });
  const stored = await countLogs(store, store.mainAccount);
  await store.app.api.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(store.app.api.server.address() as AddressInfo).port}`;
  const post = (route: string, body: unknown): Promise<Response> =>
    fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-API-TOKEN': BENCH_API_TOKEN },
      body: JSON.stringify(body),
    });

  const rows: string[] = [];
  let n = 0;
  for (const { name, query } of SLOW) {
    const gone: number[] = [];
    const answered: number[] = [];
    const uncaught: string[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const searchId = `bench-cancel-${(n += 1)}`;
      // A new query text each run: no cache of an earlier run's dictionary answers or marks.
      const search = post('/v1/app/search', {
        from: 'now-7d',
        to: 'now',
        searchId,
        search: { query: { query_string: { query: `(${query}) AND NOT run${n}x` } }, size: 50, track_total_hits: true },
      }).then(async (response) => ({ at: performance.now(), status: response.status }));
      if (process.argv.includes('--uncancelled')) {
        const t0 = performance.now();
        const { at, status } = await search;
        console.log(`${name}: uncancelled ${status} in ${(at - t0).toFixed(0)} ms`);
        continue;
      }
      if (!(await until(async () => (await tagged(store)).n > 0, TIMEOUT_MS))) throw new Error(`${name}: never ran`);
      // Into the statement: cancel while the engine works on it, not as it starts.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = await tagged(store);
      if (before.n === 0) {
        uncaught.push('ended before cancel');
        await search;
        continue;
      }
      const started = performance.now();
      await post('/v1/app/search/cancel', { searchIds: [searchId] });
      if (!(await until(async () => (await tagged(store)).n === 0, Number(argument('timeout', String(TIMEOUT_MS)))))) {
        const left = await store.hand.queryAsync(
          "SELECT elapsed, is_cancelled, substring(query, greatest(1, length(query) - 600)) AS q, Settings AS s FROM system.processes WHERE query NOT LIKE '%system.processes%'",
          { format: 'JSONEachRow' },
        );
        throw new Error(`${name}: statement never gone: ${left.text()}`);
      }
      const goneAt = performance.now();
      const { at, status } = await search;
      if (status !== 499) uncaught.push(`answered ${status}`);
      // The first run warms the engine (JIT, marks of the first parts): not counted.
      if (run === 0) continue;
      gone.push(goneAt - started);
      answered.push(at - started);
      if (goneAt - started > 1000) console.log(`${name}: ${(goneAt - started).toFixed(0)} ms, running at cancel: ${before.first}`);
    }
    const cell = (values: number[]): string =>
      values.length === 0
        ? '–'
        : `${percentile(values, 0.5).toFixed(0)} / ${percentile(values, 0.95).toFixed(0)} / ${Math.max(...values).toFixed(0)}`;
    const row = `| ${name} | ${cell(gone)} | ${cell(answered)} | ${gone.length}${uncaught.length > 0 ? ` (${uncaught.join(', ')})` : ''} |`;
    console.log(row);
    rows.push(row);
  }
  console.log(
    `\nreal set: ${stored} logs (${LINES} generated), range now-7d, ${os.cpus().length} cores; load average (1/5/15 min) at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}`,
  );
  console.log(
    '| slow search | cancel → statement gone from system.processes p50 / p95 / max (ms) | cancel → 499 answer (slot free) p50 / p95 / max (ms) | runs |\n|---|---|---|---|',
  );
  for (const row of rows) console.log(row);
  store.hand.close();
  await store.app.stop();
  if (GIVEN_DATA === '') fs.rmSync(DATA, { recursive: true, force: true });
}

await main();
