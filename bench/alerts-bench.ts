/**
 * `npm run bench:alerts [-- --lines=400000 --alerts=1000 --cycles=3 --concurrency=1 --data=<dir>]`: 1,000 enabled
 * alerts (mixed queries, windows, groupBy and aggregations) over the bench:ingest generator's logs, evaluated by
 * the shipped engine through the search path, while /v1/search is measured over HTTP (idle: 30 searches right
 * before each cycle, at its clock). A cycle starts exactly when its windows are due; an alert's evaluation lag is how
 * long after that its judgement was stored. Prints whether every alert was judged in every cycle, the p50/p99/max lag
 * and the search p50 before and during the cycles.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeApp } from '../src/app/compose.js';
import { createLogger } from '../src/app/create-logger.js';
import { loadConfig } from '../src/config/index.js';
import { BENCH_START_MS } from './generate-logs.js';
import { percentile, shiftedClock, timeCycles, timedSearch } from './bench-timing.js';
import { appendGenerated } from './bench-store.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '400000'));
const ALERTS = Number(argument('alerts', '1000'));
const CYCLES = Number(argument('cycles', '3'));
const CONCURRENCY = Number(argument('concurrency', '1'));
const DATA = argument('data', fs.mkdtempSync(path.join(os.tmpdir(), 'logward-alerts-bench-')));
const API_TOKEN = 'bench-api-token-000000000000000002';
const INTERVAL_MS = 60_000;
const SETTLE_MS = 30_000;

const QUERIES = [
  'level:ERROR',
  'status:500',
  'message:timeout',
  'type:nginx AND method:POST',
  '*',
  'level:WARN',
  'event:payment_failed',
  'status:[500 TO 599]',
];
const GROUP_BY = [[], ['host'], ['type'], []];
const AGGREGATIONS = [
  { aggregationType: 'COUNT' },
  { aggregationType: 'COUNT' },
  { aggregationType: 'AVG', fieldToAggregateOn: 'duration_ms' },
  { aggregationType: 'MAX', fieldToAggregateOn: 'bytes' },
  { aggregationType: 'SUM', fieldToAggregateOn: 'bytes' },
  { aggregationType: 'UNIQUE_COUNT', fieldToAggregateOn: 'client_ip' },
];
const WINDOWS = [5, 10, 15, 60];

function alertBody(i: number): Record<string, unknown> {
  return {
    title: `bench alert ${i}`,
    searchTimeFrameMinutes: WINDOWS[i % WINDOWS.length],
    subComponents: [
      {
        // Every alert asks its own question (no two searches can be shared): the worst case.
        queryDefinition: {
          query: `${QUERIES[i % QUERIES.length]} AND NOT host:bench-${i}`,
          groupBy: GROUP_BY[i % GROUP_BY.length],
          aggregation: AGGREGATIONS[i % AGGREGATIONS.length],
        },
        trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 50 + (i % 7) * 100, HIGH: 10_000 } },
      },
    ],
  };
}

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  // Mid-way through the generator's two days: every window has logs.
  const firstDue = BENCH_START_MS + 86_400_000 + SETTLE_MS;
  const clock = shiftedClock(firstDue - INTERVAL_MS);
  const config = loadConfig({
    LOGWARD_DATA_DIR: DATA,
    LOGWARD_API_PORT: '0',
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_BOOTSTRAP_API_TOKEN: API_TOKEN,
    // The bench drives the cycles itself, at their due times.
    LOGWARD_ROLES: 'api',
  });
  const app = await composeApp({
    config,
    clock,
    logger: createLogger('warn'),
    alertSettleDelayMs: SETTLE_MS,
    alertConcurrency: CONCURRENCY,
  });
  const mainAccount = (
    await app.controlPlane.db.selectFrom('accounts').select('id').where('owner_account_id', 'is', null).executeTakeFirstOrThrow()
  ).id;

  const started = performance.now();
  await appendGenerated(app.logStore, { lines: LINES, generated: 0, accountId: mainAccount });
  console.log(`loaded ${LINES} generated lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  for (let i = 0; i < ALERTS; i += 1) {
    const response = await app.api.inject({
      method: 'POST',
      url: '/v2/alerts',
      headers: { 'x-api-token': API_TOKEN },
      payload: alertBody(i),
    });
    if (response.statusCode !== 200) throw new Error(`alert ${i}: ${response.statusCode} ${response.body}`);
  }
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  const address = app.api.server.address();
  if (address === null || typeof address !== 'object') throw new Error('no API address');
  const searchOnce = timedSearch(address.port, API_TOKEN);

  // The first cycle only sets each alert's watermark; the measured ones follow, each at its due time.
  clock.jumpTo(firstDue - INTERVAL_MS);
  await app.alertEvaluation.runCycle(new AbortController().signal);

  const lags: number[] = [];
  const rows: string[] = [];
  const times = await timeCycles({
    clock,
    firstDueMs: firstDue,
    intervalMs: INTERVAL_MS,
    cycles: CYCLES,
    searchOnce,
    cycle: () => app.alertEvaluation.runCycle(new AbortController().signal),
    onCycle: (cycle, report, seconds) => {
      lags.push(...report.lagsMs);
      const row = `| ${cycle + 1} | ${report.rules} | ${report.windowsJudged} | ${report.failures} | ${report.firings} | ${seconds.toFixed(1)} | ${(percentile(report.lagsMs, 0.99) / 1000).toFixed(2)} |`;
      rows.push(row);
      console.log(row);
      if (report.windowsJudged !== ALERTS || report.failures > 0 || seconds > INTERVAL_MS / 1000)
        console.log(`cycle ${cycle + 1} did not judge every alert within the interval`);
    },
  });
  const baseP50 = percentile(times.idle, 0.5);
  const duringP50 = percentile(times.during, 0.5);
  console.log(
    `\n${ALERTS} alerts, ${LINES} generated lines (half in the alerting account), concurrency ${CONCURRENCY}, ${os.cpus().length} cores`,
  );
  console.log('| cycle | alerts | windows judged | failures | firings | cycle s | p99 lag s |\n|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `evaluation lag: p50 ${(percentile(lags, 0.5) / 1000).toFixed(2)} s, p99 ${(percentile(lags, 0.99) / 1000).toFixed(2)} s, max ${(Math.max(...lags) / 1000).toFixed(2)} s`,
  );
  console.log(
    `search p50: ${baseP50.toFixed(1)} ms idle (${times.idle.length} searches), ${duringP50.toFixed(1)} ms during cycles (${times.during.length} searches), ${(((duringP50 - baseP50) / baseP50) * 100).toFixed(0)}% change`,
  );
  await app.stop();
  fs.rmSync(DATA, { recursive: true, force: true });
}

await main();
