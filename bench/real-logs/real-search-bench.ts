/**
 * `npm run bench:search -- --dataset=real [--lines=1000000 --runs=7 --data=<dir> --only=<text> --seed=47]`: the rows
 * of issue 47 on the real-logs data set (real-search-queries.ts), each field-less row beside the same question on
 * `message`, with the total it answered. `--lines` is the whole week's logs (the last 24 hours hold 75 % of them).
 * Prints the chosen words with their census counts, the rows, and the machine's load before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { createManualClock } from '../../src/shared/clock.js';
import { BENCH_API_TOKEN, countLogs, dropQueryCache, openBenchStore, settleWordCounts } from '../bench-store.js';
import { createSearchMeasurer, type Measured } from '../search-measure.js';
import { ensureRealLogsLoaded } from './load-real-logs.js';
import { REAL_DEFAULT_SEED, REAL_NOW_MS } from './real-log-generator.js';
import { realSearchQueries } from './real-search-queries.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

const loadAverage = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

function row(m: Measured): string {
  const ratio = Number.isNaN(m.otherP50) ? '' : (m.p50 / m.otherP50).toFixed(2);
  const other = Number.isNaN(m.otherP50) ? '| |' : `| ${m.otherP50.toFixed(1)} | ${m.otherP95.toFixed(1)} |`;
  return `| ${m.name} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} ${other} ${ratio} | ${m.total} | ${m.runs} |`;
}

export async function realSearchBench(): Promise<void> {
  const lines = Number(argument('lines', '1000000'));
  const runs = Number(argument('runs', '7'));
  const seed = Number(argument('seed', String(REAL_DEFAULT_SEED)));
  const only = argument('only', '');
  const data = argument('data', '') || fs.mkdtempSync(path.join(os.tmpdir(), 'logward-real-search-bench-'));
  fs.mkdirSync(data, { recursive: true });
  const loadBefore = loadAverage();
  const store = await openBenchStore(data, createManualClock(REAL_NOW_MS));
  const load = await ensureRealLogsLoaded(store, data, { count: lines, seed });
  const stored = await countLogs(store, store.mainAccount);
  await settleWordCounts(store);
  await store.app.api.listen({ host: '127.0.0.1', port: 0 });
  const address = store.app.api.server.address();
  if (address === null || typeof address !== 'object') throw new Error('no API address');
  const client = new Pool(`http://127.0.0.1:${address.port}`, { connections: 1 });
  const measurer = createSearchMeasurer({ client, hand: store.hand, dropCache: () => dropQueryCache(store), minRuns: runs });
  const rows: string[] = [];
  const loadAtStart = loadAverage();
  for (const query of realSearchQueries(load.words, REAL_NOW_MS).filter((q) => q.name.includes(only))) {
    const compared = query.onMessage === null ? null : { path: query.path, body: query.onMessage, token: BENCH_API_TOKEN };
    // A row the engine cannot answer in time (SEARCH/TIMED_OUT) is a figure too: print it and go on to the next.
    try {
      rows.push(row(await measurer.measure(query.name, query.path, query.body, compared, BENCH_API_TOKEN)));
    } catch (error) {
      const code = /"errorCode":"([^"]+)"/.exec(String(error))?.[1] ?? (error instanceof Error ? error.message.slice(0, 120) : 'failed');
      rows.push(`| ${query.name} | failed: ${code} | | | | | | 0 |`);
    }
    console.log(rows[rows.length - 1]);
  }
  const { words } = load;
  console.log(
    `\nReal-logs data set: ${stored} logs in the searched account (${lines} generated, seed ${seed}; ${words.logs} in the last 24 hours), ` +
      `at least ${runs} runs after warm-up runs (a tenth as many), ${os.cpus().length} cores; load average (1/5/15 min) ` +
      `${loadBefore} before loading, ${loadAtStart} at the first row, ${loadAverage()} at the end`,
  );
  console.log(
    `Words chosen by counting the last 24 hours' logs${words.sampledEvery > 1 ? ` (one in ${words.sampledEvery}: counts estimated)` : ''}: ` +
      JSON.stringify(words),
  );
  console.log(
    '| query (Discover: last 24 h, newest 50, highlight, 30-minute histogram; or size 0) | field-less p50 | p95 | on `message` p50 | p95 | ratio | hits | runs |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const line of rows) console.log(line);
  store.hand.close();
  await client.close();
  await store.app.stop();
}
