/**
 * `npm run bench:noisy-neighbour [-- --lines=400000 --seconds=60 --attackers=4 --data=<dir>]` (issue 15): one
 * tenant sends hostile searches — the 20,000-word `OR` query_string (≈190 KB), field-less wildcards with a 1,000-bucket
 * terms aggregation, regexps over `message` — from several connections at once, while another tenant runs its
 * normal one-row search in a loop and its alerts are evaluated. Prints the victim's p50 idle and under attack (bar:
 * within 1.5×, no failed search), what the attacker was answered, and the alert cycle's failures (bar: 0).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeApp } from '../src/app/compose.js';
import { createLogger } from '../src/app/create-logger.js';
import { loadConfig } from '../src/config/index.js';
import { accountRepository, type Account } from '../src/modules/accounts/index.js';
import { createTokenService } from '../src/modules/tokens/index.js';
import type { Clock } from '../src/shared/clock.js';
import type { LogDocument } from '../src/storage/log-store.js';
import { documentOf } from './bench-documents.js';
import { BENCH_START_MS, generateLogs } from './generate-logs.js';
import { percentile } from './bench-timing.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '400000'));
const SECONDS = Number(argument('seconds', '60'));
const ATTACKERS = Number(argument('attackers', '4'));
const DATA = argument('data', fs.mkdtempSync(path.join(os.tmpdir(), 'logward-noisy-bench-')));
const API_TOKEN = 'bench-api-token-000000000000000003';
const NOW_MS = BENCH_START_MS + 36 * 3_600_000;

/** Real time passing from the middle of the generated logs' two days; alert cycles move it to their due time. */
function benchClock(): Clock & { jumpBy(ms: number): void } {
  const origin = performance.now();
  let shift = 0;
  return {
    now: () => Math.floor(NOW_MS + shift + (performance.now() - origin)),
    jumpBy(ms) {
      shift += ms;
    },
  };
}

const WORDS = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x${(i * 7919).toString(36)}`);
const ATTACKS: readonly { readonly name: string; readonly body: unknown }[] = [
  { name: '20,000-word OR query_string', body: { query: { query_string: { query: WORDS.join(' OR ') } }, size: 10 } },
  {
    name: 'field-less prefixes + 1,000 terms buckets × cardinality',
    body: {
      query: { query_string: { query: 'serv* OR req* OR a*' } },
      size: 100,
      aggs: { ips: { terms: { field: 'client_ip', size: 1_000 }, aggs: { paths: { cardinality: { field: 'path' } } } } },
    },
  },
  { name: 'regexp over message', body: { query: { regexp: { message: '.*o.*r.*e.*' } }, size: 100, sort: [{ bytes: 'desc' }] } },
];

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  const config = loadConfig({
    LOGWARD_DATA_DIR: DATA,
    LOGWARD_API_PORT: '0',
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_BOOTSTRAP_API_TOKEN: API_TOKEN,
    LOGWARD_ROLES: 'api',
  });
  const clock = benchClock();
  const app = await composeApp({ config, clock, logger: createLogger('warn') });
  const db = app.controlPlane.db;
  const attacker = await db.selectFrom('accounts').select('id').where('owner_account_id', 'is', null).executeTakeFirstOrThrow();
  const main = await accountRepository.get(db, attacker.id);
  if (main === undefined) throw new Error('no main account');
  // The victim is another tenant: a main account of its own with its own API token.
  const victim: Account = { ...main, id: attacker.id + 1_000, name: 'victim tenant', ownerAccountId: null };
  await accountRepository.insert(db, victim);
  const victimToken = (await createTokenService({ db, clock }).createApiToken({ accountId: victim.id, name: 'bench', createdBy: null }))
    .token;

  let batch: LogDocument[] = [];
  let batches = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await app.logStore.append(batch, { dedupToken: `noisy-${(batches += 1)}`, retentionDaysOf: () => 3650 });
    batch = [];
  };
  const started = performance.now();
  for (const { account, line } of generateLogs(LINES)) {
    batch.push(documentOf(line, account === 0 ? attacker.id : victim.id, NOW_MS));
    if (batch.length === 20_000) await flush();
  }
  await flush();
  console.log(`loaded ${LINES} generated lines (both tenants) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  for (let i = 0; i < 20; i += 1) {
    const response = await app.api.inject({
      method: 'POST',
      url: '/v2/alerts',
      headers: { 'x-api-token': victimToken },
      payload: {
        title: `victim alert ${i}`,
        searchTimeFrameMinutes: 60,
        subComponents: [
          {
            queryDefinition: { query: `level:ERROR AND NOT host:bench-${i}`, aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 1_000_000 } },
          },
        ],
      },
    });
    if (response.statusCode !== 200) throw new Error(`alert ${i}: ${response.statusCode} ${response.body}`);
  }

  await app.api.listen({ host: '127.0.0.1', port: 0 });
  const address = app.api.server.address();
  if (address === null || typeof address !== 'object') throw new Error('no API address');
  const url = `http://127.0.0.1:${address.port}/v1/search`;
  const post = async (token: string, body: string): Promise<{ status: number; ms: number }> => {
    const begin = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-token': token }, body });
    await response.text();
    return { status: response.status, ms: performance.now() - begin };
  };
  const victimBody = JSON.stringify({ query: { term: { status: 500 } }, size: 1, sort: [{ '@timestamp': 'desc' }] });
  const victimRound = async (into: number[], failures: string[]): Promise<void> => {
    const { status, ms } = await post(victimToken, victimBody);
    if (status === 200) into.push(ms);
    else failures.push(String(status));
  };

  // Idle is measured once the load's parts have merged (merging, they slowed it and flattered the ratio), after a
  // warm-up, over enough searches that its median holds from run to run.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const idle: number[] = [];
  const idleFailures: string[] = [];
  for (let i = 0; i < 20; i += 1) await victimRound([], idleFailures);
  for (let i = 0; i < 300; i += 1) await victimRound(idle, idleFailures);

  let attacking = true;
  const answers = new Map<string, { statuses: Map<number, number>; ms: number[] }>();
  const attackLoop = async (index: number): Promise<void> => {
    for (let n = index; attacking; n += 1) {
      const attack = ATTACKS[n % ATTACKS.length];
      if (attack === undefined) return;
      const { status, ms } = await post(API_TOKEN, JSON.stringify(attack.body));
      const seen = answers.get(attack.name) ?? { statuses: new Map<number, number>(), ms: [] };
      seen.statuses.set(status, (seen.statuses.get(status) ?? 0) + 1);
      seen.ms.push(ms);
      answers.set(attack.name, seen);
    }
  };
  const attackers = Array.from({ length: ATTACKERS }, (_, i) => attackLoop(i));
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const during: number[] = [];
  const failures: string[] = [];
  const until = performance.now() + SECONDS * 1000;
  const cycle = (async () => {
    // The victim's alerts: the first cycle sets the watermarks, the next one (a minute later) judges.
    await app.alertEvaluation.runCycle(new AbortController().signal);
    clock.jumpBy(90_000);
    return app.alertEvaluation.runCycle(new AbortController().signal);
  })();
  while (performance.now() < until) await victimRound(during, failures);
  const report = await cycle;
  attacking = false;
  await Promise.all(attackers);

  const idleP50 = percentile(idle, 0.5);
  const duringP50 = percentile(during, 0.5);
  console.log(`\n${LINES} lines, ${ATTACKERS} attacking connections, ${SECONDS} s, ${os.cpus().length} cores`);
  console.log('| attacker search | answers | p50 ms |\n|---|---|---|');
  for (const [name, seen] of answers)
    console.log(`| ${name} | ${[...seen.statuses].map(([s, n]) => `${n}× ${s}`).join(', ')} | ${percentile(seen.ms, 0.5).toFixed(0)} |`);
  console.log(
    `victim one-row search p50: ${idleP50.toFixed(1)} ms idle, ${duringP50.toFixed(1)} ms under attack (${(duringP50 / idleP50).toFixed(2)}×, ` +
      `${during.length} searches, ${failures.length + idleFailures.length} failed${failures.length > 0 ? `: ${failures.join(',')}` : ''})`,
  );
  console.log(`victim alert cycle under attack: ${report.rules} rules, ${report.windowsJudged} judged, ${report.failures} failures`);
  await app.stop();
  fs.rmSync(DATA, { recursive: true, force: true });
}

await main();
