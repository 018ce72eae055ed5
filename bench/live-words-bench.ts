/**
 * `npm run bench:live-words [-- --lines=100000 --runs=31]`: field-less words (and the same words on `message`) on
 * an account of `--lines` logs, first on a quiet store, then while its own logs stream in (1,000 every 250 ms, a
 * new part each time). What it tells: the cost of finding out which words no part holds (decision 0186) when the
 * parts keep changing, on an account small enough that that lookup is a large share of a search. Prints each
 * query's p50 and p90 in both phases. A fresh data directory every run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { createManualClock } from '../src/shared/clock.js';
import type { LogDocument } from '../src/storage/log-store.js';
import { documentOf } from './bench-documents.js';
import { appendGenerated, BENCH_API_TOKEN, BENCH_NOW_MS, openBenchStore } from './bench-store.js';
import { percentile } from './bench-timing.js';
import { BENCH_START_MS, generateLogs } from './generate-logs.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '100000'));
const RUNS = Number(argument('runs', '31'));
const STREAMED_PER_BATCH = 1000;
const STREAM_PAUSE_MS = 250;
/** A word in no log, a rare one (only in messages), one in about a tenth of them, each also on `message`. */
const QUERIES = ['zyzzogeton', 'message:zyzzogeton', 'quaquaqua', 'message:quaquaqua', 'timeout', 'message:timeout'];

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-live-words-'));
  const store = await openBenchStore(dataDir, createManualClock(BENCH_NOW_MS));
  const { app, mainAccount, hand } = store;
  await appendGenerated(app.logStore, { lines: LINES, generated: 0, accountId: mainAccount });
  await hand.queryAsync('OPTIMIZE TABLE logs FINAL');
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  const address = app.api.server.address();
  if (address === null || typeof address !== 'object') throw new Error('no API address');
  const client = new Pool(`http://127.0.0.1:${address.port}`, { connections: 1 });

  const search = async (query: string): Promise<number> => {
    const started = performance.now();
    const response = await client.request({
      path: '/v1/search',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': BENCH_API_TOKEN },
      body: JSON.stringify({ query: { query_string: { query } }, sort: [{ '@timestamp': { order: 'desc' } }], size: 50 }),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${text}`);
    return performance.now() - started;
  };
  const phase = async (name: string): Promise<void> => {
    const times = new Map<string, number[]>(QUERIES.map((query) => [query, []]));
    for (let i = 0; i < 3; i += 1) for (const query of QUERIES) await search(query);
    for (let i = 0; i < RUNS; i += 1) for (const query of QUERIES) times.get(query)?.push(await search(query));
    for (const query of QUERIES) {
      const took = times.get(query) ?? [];
      console.log(`| ${name} | ${query} | ${percentile(took, 0.5).toFixed(1)} | ${percentile(took, 0.9).toFixed(1)} |`);
    }
  };

  console.log(`${LINES} lines in account ${mainAccount}\n| phase | query | p50 ms | p90 ms |\n|---|---|---|---|`);
  await phase('quiet');
  const lines = [...generateLogs(40_000)].filter((generated) => generated.account === 0).map((generated) => generated.line);
  let streaming = true;
  let streamed = 0;
  const stream = (async () => {
    for (let batchNo = 0; streaming; batchNo += 1) {
      const batch: LogDocument[] = [];
      for (let i = 0; i < STREAMED_PER_BATCH; i += 1) {
        batch.push(documentOf(lines[(batchNo * STREAMED_PER_BATCH + i) % lines.length] ?? '{}', mainAccount, BENCH_START_MS));
      }
      await app.logStore.append(batch, { dedupToken: `live-words-${batchNo}`, retentionDaysOf: () => 3650 });
      streamed += batch.length;
      await new Promise((resolve) => setTimeout(resolve, STREAM_PAUSE_MS));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await phase('streaming');
  streaming = false;
  await stream;
  console.log(`${streamed} logs streamed during the second phase`);
  hand.close();
  await client.close();
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
