/**
 * `npm run bench:soak-searches [-- --lines=3000000 --runs=5 --data=<dir>]`: the soak's searches (test/soak/soak-workload.ts,
 * no sort: ranked by relevance) on a quiet store holding `--lines` of the soak's logs, shipped through the listener
 * as the soak ships them, so they all arrived in the last minutes (live traffic's shape). Prints each search's p50
 * and p95. A reused `--data` directory keeps its logs. It tells a search's own cost at the soak's scale from what
 * the soak's sustained ingest adds to it (docs/benchmarks.md, "Standing suites").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { composeApp } from '../src/app/compose.js';
import { createLogger } from '../src/app/create-logger.js';
import { loadConfig } from '../src/config/index.js';
import { systemClock } from '../src/shared/clock.js';
import { freePort } from '../test/support/external-process.js';
import { LOGS_PER_REQUEST, SOAK_BODIES, SOAK_SEARCHES } from '../test/soak/soak-workload.js';
import { percentile } from './bench-timing.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '3000000'));
const RUNS = Number(argument('runs', '5'));
const DATA = argument('data', fs.mkdtempSync(path.join(os.tmpdir(), 'logward-soak-searches-')));
const API_TOKEN = 'bench-api-token-000000000000000004';
const SHIPPING_TOKEN = 'benchshippingtoken00000000000004';
const SENDERS = 8;

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  const [apiPort, listenerPort, syslogTcp, syslogUdp] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const config = loadConfig({
    LOGWARD_DATA_DIR: DATA,
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_API_PORT: String(apiPort),
    LOGWARD_LISTENER_PORT: String(listenerPort),
    LOGWARD_SYSLOG_TCP_PORT: String(syslogTcp),
    LOGWARD_SYSLOG_UDP_PORT: String(syslogUdp),
    LOGWARD_BOOTSTRAP_API_TOKEN: API_TOKEN,
    LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: SHIPPING_TOKEN,
    LOGWARD_LOG_STORE_MEMORY_MB: '1024',
    LOGWARD_ROLES: 'api,ingest',
  });
  const app = await composeApp({ config, clock: systemClock, logger: createLogger('warn') });
  await app.start();
  try {
    const post = async (body: unknown): Promise<{ status: number; ms: number; total: number }> => {
      const begin = performance.now();
      const response = await fetch(`http://127.0.0.1:${apiPort}/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-token': API_TOKEN },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const total = response.status === 200 ? Number((JSON.parse(text) as { hits: { total: number } }).hits.total) : -1;
      return { status: response.status, ms: performance.now() - begin, total };
    };
    const stored = (await post({ query: { match_all: {} }, size: 0 })).total;
    if (stored < LINES) {
      const pool = new Pool(`http://127.0.0.1:${listenerPort}`, { connections: SENDERS });
      const started = performance.now();
      let sent = stored;
      const sender = async (): Promise<void> => {
        while (sent < LINES) {
          const body = SOAK_BODIES[(sent / LOGS_PER_REQUEST) % SOAK_BODIES.length] as Buffer;
          sent += LOGS_PER_REQUEST;
          const response = await pool.request({
            path: `/?token=${SHIPPING_TOKEN}&type=soak`,
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json' },
          });
          await response.body.arrayBuffer();
          if (response.statusCode !== 200) throw new Error(`listener answered ${response.statusCode}`);
        }
      };
      await Promise.all(Array.from({ length: SENDERS }, sender));
      await pool.close();
      console.log(`shipped ${LINES - stored} logs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`${(await post({ query: { match_all: {} }, size: 0 })).total} logs stored; p50 / p95 of ${RUNS} runs, ms\n`);
    console.log('| search | hits.total | p50 | p95 |\n|---|---|---|---|');
    for (const search of SOAK_SEARCHES) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const answer = await post(search);
        if (answer.status !== 200) throw new Error(`search answered ${answer.status}: ${JSON.stringify(search)}`);
        times.push(answer.ms);
        total = answer.total;
      }
      const p50 = percentile(times, 0.5).toFixed(0);
      console.log(`| \`${JSON.stringify(search)}\` | ${total} | ${p50} | ${percentile(times, 0.95).toFixed(0)} |`);
    }
  } finally {
    await app.stop();
  }
}

await main();
