/**
 * What the insights job costs per log it learns, apart from reading the logs: the 16 loghub samples (32,000
 * messages) fed as warnings through `createInsightLearning` with the PUBLIC_CI catalog, over a SQLite control plane,
 * in pages of 1,000 as the job reads them. Usage: node --import tsx bench/insight-learning-bench.ts [rounds]
 * (each round is a new cycle over the same lines, so later rounds only match learned templates).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../src/app/create-logger.js';
import { createInsightLearning, PUBLIC_CI_CATALOG } from '../src/modules/insights/index.js';
import { accountRepository } from '../src/modules/accounts/index.js';
import { createManualClock } from '../src/shared/clock.js';
import { contractAccount } from '../src/storage/conformance/repository.contract.js';
import { openControlPlane } from '../src/storage/control-plane/index.js';
import { loghubSystems, readLoghubSample } from '../test/support/loghub-samples.js';

const rounds = Number(process.argv[2] ?? 3);
const ACCOUNT = 880_001;
const messages = loghubSystems().flatMap((system) => readLoghubSample(system).contents);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insight-bench-'));
const controlPlane = await openControlPlane(`sqlite:${path.join(dir, 'cp.sqlite')}`);
await accountRepository.insert(controlPlane.db, contractAccount(ACCOUNT));
const clock = createManualClock(Date.UTC(2026, 10, 25));
const learning = createInsightLearning({
  db: controlPlane.db,
  clock,
  logger: createLogger('silent'),
  accountIds: async () => [ACCOUNT],
  catalog: PUBLIC_CI_CATALOG,
  readWarnings: async ({ cursor, limit }) => {
    const start = cursor === null ? 0 : Number(cursor.id) + 1;
    const logs = messages.slice(start, start + limit).map((message, i) => ({
      timestampMs: clock.now() - 60_000 + ((start + i) % 1000),
      type: 'app',
      level: 'error',
      message,
    }));
    return { logs, cursor: logs.length === 0 ? null : { values: [0], id: String(start + logs.length - 1) }, fetched: logs.length };
  },
});
for (let round = 1; round <= rounds; round++) {
  clock.advance(60_000);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let learned = 0;
  // 20 pages per cycle: two cycles per round cover the 32,000 lines.
  for (let cycle = 0; cycle < 2; cycle++) learned += (await learning.runCycle()).logs;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const templates = (await controlPlane.db.selectFrom('insights').select('insight_id').execute()).length;
  console.log(
    `round ${round}: ${learned} lines in ${cpuSeconds.toFixed(2)} CPU s (${Math.round(learned / cpuSeconds)} lines/CPU s), ` +
      `wall ${((performance.now() - started) / 1000).toFixed(2)} s, ${templates} insights stored`,
  );
}
await controlPlane.close();
fs.rmSync(dir, { recursive: true, force: true });
