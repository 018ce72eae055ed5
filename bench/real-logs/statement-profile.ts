/**
 * `node --import tsx bench/real-logs/statement-profile.ts --data=<dir> [--only=<text>|<text>] [--runs=3] [--dataset=real]`:
 * where a search's time goes, statement by statement (chDB has no system.query_log): each bench:search row on a
 * loaded directory (bench:search's `--data`) through /v1/search in the process, every engine statement it runs timed
 * on the way (Session.queryAsync, from the moment it is sent to the engine to its rows), the last run's statements
 * printed with their milliseconds, newest first, beside the whole request's time. Issue 47 item 3.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'chdb';
import { createManualClock } from '../../src/shared/clock.js';
import { BENCH_API_TOKEN, BENCH_NOW_MS, dropQueryCache, openBenchStore, settleWordCounts } from '../bench-store.js';
import { benchQueries, datasetArgument } from '../bench-datasets.js';
import { REAL_NOW_MS } from './real-log-generator.js';
import type { RealLoad } from './load-real-logs.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

interface Timed {
  readonly sql: string;
  readonly ms: number;
}

async function main(): Promise<void> {
  const data = argument('data', '');
  if (data === '') throw new Error('--data=<a bench:search directory> is required');
  const only = argument('only', '');
  const runs = Number(argument('runs', '3'));
  const width = Number(argument('width', '400'));
  const dataset = datasetArgument();
  const timed: Timed[] = [];
  let recording = false;
  // Every statement of the store goes through a Session's queryAsync: time each one there.
  const original = Session.prototype.queryAsync;
  Session.prototype.queryAsync = async function (this: Session, ...args: Parameters<Session['queryAsync']>) {
    const started = performance.now();
    const result = await original.apply(this, args);
    if (recording) timed.push({ sql: String(args[0]), ms: performance.now() - started });
    return result;
  } as Session['queryAsync'];
  const nowMs = dataset === 'real' ? REAL_NOW_MS : BENCH_NOW_MS;
  const store = await openBenchStore(data, createManualClock(nowMs));
  await settleWordCounts(store);
  const words = dataset === 'real' ? (JSON.parse(fs.readFileSync(path.join(data, 'real-logs.json'), 'utf8')) as RealLoad).words : undefined;
  const onMessage = process.argv.includes('--message');
  const summary: string[] = [];
  for (const query of benchQueries(dataset, words, nowMs).filter((q) => only.split('|').some((part) => q.name.includes(part)))) {
    const body = onMessage ? query.onMessage : query.body;
    if (body === null) continue;
    let took = 0;
    let cpuMs = 0;
    let last = '{}';
    let failed: string | null = null;
    for (let i = 0; i < runs; i += 1) {
      await dropQueryCache(store);
      timed.length = 0;
      recording = true;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const response = await store.app.api.inject({
        method: 'POST',
        url: query.path,
        headers: { 'content-type': 'application/json', 'x-api-token': BENCH_API_TOKEN },
        payload: JSON.stringify(body),
      });
      took = performance.now() - started;
      const used = process.cpuUsage(cpu);
      cpuMs = (used.user + used.system) / 1000;
      recording = false;
      if (response.statusCode !== 200) {
        // A search the engine stopped (its time limit on a loaded machine) is a row of its own, not the end.
        failed = `${response.statusCode} ${response.body.slice(0, 160)}`;
        break;
      }
      last = response.body;
    }
    if (failed !== null) {
      summary.push(`| ${query.name}${onMessage ? ' (on message)' : ''} | failed: ${failed} | ${cpuMs.toFixed(0)} | ${timed.length} | |`);
      console.log(`\n## ${query.name}: failed after ${took.toFixed(1)} ms: ${failed}`);
      continue;
    }
    const hits = (JSON.parse(last) as { hits?: { total?: number | { value?: number } } }).hits?.total;
    summary.push(
      `| ${query.name}${onMessage ? ' (on message)' : ''} | ${took.toFixed(0)} | ${cpuMs.toFixed(0)} | ${timed.length} | ${typeof hits === 'number' ? hits : hits?.value} |`,
    );
    console.log(`\n## ${query.name}: ${took.toFixed(1)} ms, ${cpuMs.toFixed(1)} ms CPU, ${timed.length} statements`);
    for (const t of timed) console.log(`${t.ms.toFixed(1).padStart(8)} ms  ${t.sql.replace(/\s+/g, ' ').slice(0, width)}`);
  }
  console.log(`\n| query | ms | CPU ms | statements | hits |\n|---|---|---|---|---|\n${summary.join('\n')}`);
  store.hand.close();
  await store.app.stop();
}

await main();
