/**
 * `npm run bench:siem-scale [-- --lines=10000000 --cycles=3 --seed=<dir> [--load-only]]`: issue 17's scale figure. One security
 * account with the whole built-in pack enabled (358 rules: Windows, Linux, web, network) scans the main account,
 * which holds the bench:ingest generator's logs; each cycle starts when its windows are due and the pack's evaluation
 * lag is measured (target p99 ≤ 10 s) while `/v1/search` is measured over HTTP against idle (target p50 ≤ 1.2×), idle
 * being 30 searches right before each cycle at the same clock.
 * With `--seed`, the loaded logs are kept in that folder and each measured run works on a copy of it, so a 10M load
 * (minutes, and not measured) can be made once, even on a busy machine, and the measured runs on a quiet one;
 * `--load-only` stops after loading.
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
const CYCLES = Number(argument('cycles', '3'));
const SEED = argument('seed', '');
const LOAD_ONLY = process.argv.includes('--load-only');
const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-siem-scale-'));
const LOADED_MARK = `siem-scale-loaded-${LINES}`;
const API_TOKEN = 'bench-api-token-000000000000000003';
const ADMIN = 'admin@example.com';
const INTERVAL_MS = 60_000;
const SETTLE_MS = 30_000;

async function main(): Promise<void> {
  const seeded = SEED !== '' && fs.existsSync(path.join(SEED, LOADED_MARK));
  if (seeded && LOAD_ONLY) return console.log(`${SEED} already holds ${LINES} lines`);
  if (seeded) fs.cpSync(SEED, DATA, { recursive: true });
  const dataDir = SEED !== '' && !seeded ? SEED : DATA;
  fs.mkdirSync(dataDir, { recursive: true });
  const firstDue = BENCH_START_MS + 86_400_000 + SETTLE_MS;
  const clock = shiftedClock(firstDue - INTERVAL_MS);
  const config = loadConfig({
    LOGWARD_DATA_DIR: dataDir,
    LOGWARD_API_PORT: '0',
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_BOOTSTRAP_API_TOKEN: API_TOKEN,
    LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN,
    LOGWARD_ROLES: 'api',
  });
  const app = await composeApp({ config, clock, logger: createLogger('warn'), alertSettleDelayMs: SETTLE_MS });
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.api.inject({
      method,
      url,
      headers: { 'x-api-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  const mainAccount = (await call(API_TOKEN, 'GET', '/v2/whoami')).accountId as number;

  if (!seeded) {
    const started = performance.now();
    await appendGenerated(app.logStore, { lines: LINES, generated: 0, accountId: mainAccount });
    console.log(`loaded ${LINES} generated lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (SEED !== '') {
      await app.stop();
      fs.writeFileSync(path.join(SEED, LOADED_MARK), new Date().toISOString());
      if (LOAD_ONLY) return;
      // One engine per process: measure on a copy in the next run.
      return console.log(`loaded into ${SEED}; run again with the same --seed to measure on a copy`);
    }
  }

  const siem = await call(API_TOKEN, 'POST', '/v2/account-management/siem', { accountName: 'soc', email: ADMIN });
  await call(API_TOKEN, 'POST', '/v1/api-tokens/sub-account', { name: 'soc', accountId: siem.accountId });

  await app.api.listen({ host: '127.0.0.1', port: 0 });
  const address = app.api.server.address();
  if (address === null || typeof address !== 'object') throw new Error('no API address');
  const searchOnce = timedSearch(address.port, API_TOKEN);

  // The first cycle only sets each rule's watermark; the measured ones follow, each at its due time.
  clock.jumpTo(firstDue - INTERVAL_MS);
  const first = await app.detection.runCycle(new AbortController().signal);
  const lags: number[] = [];
  // How busy the one event loop (the API's and the engine's JavaScript) was while cycles ran.
  let cycleLoop = { idle: 0, active: 0 };
  const rows: string[] = [];
  const times = await timeCycles({
    clock,
    firstDueMs: firstDue,
    intervalMs: INTERVAL_MS,
    cycles: CYCLES,
    searchOnce,
    cycle: async () => {
      const loopBefore = performance.eventLoopUtilization();
      const judged = await app.detection.runCycle(new AbortController().signal);
      const loop = performance.eventLoopUtilization(loopBefore);
      cycleLoop = { idle: cycleLoop.idle + loop.idle, active: cycleLoop.active + loop.active };
      return judged;
    },
    onCycle: (cycle, report, seconds) => {
      lags.push(...report.lagsMs);
      rows.push(
        `| ${cycle + 1} | ${report.rules} | ${report.windowsJudged} | ${report.failures} | ${report.firings} | ${seconds.toFixed(1)} | ${(percentile(report.lagsMs, 0.99) / 1000).toFixed(2)} |`,
      );
      console.log(rows[rows.length - 1]);
    },
  });
  const baseP50 = percentile(times.idle, 0.5);
  const duringP50 = percentile(times.during, 0.5);
  console.log(`\nbuilt-in pack (${first.rules} enabled rules) over ${LINES} generated lines, ${os.cpus().length} cores`);
  console.log('| cycle | rules | windows judged | failures | events | cycle s | p99 lag s |\n|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `evaluation lag: p50 ${(percentile(lags, 0.5) / 1000).toFixed(2)} s, p99 ${(percentile(lags, 0.99) / 1000).toFixed(2)} s, max ${(Math.max(...lags) / 1000).toFixed(2)} s`,
  );
  console.log(
    `search p50: ${baseP50.toFixed(1)} ms idle (${times.idle.length} searches), ${duringP50.toFixed(1)} ms during cycles (${times.during.length} searches), ${(duringP50 / baseP50).toFixed(2)}×`,
  );
  console.log(`event loop busy during cycles: ${((100 * cycleLoop.active) / (cycleLoop.active + cycleLoop.idle)).toFixed(0)} %`);
  await app.stop();
}

try {
  await main();
} finally {
  fs.rmSync(DATA, { recursive: true, force: true });
}
