/**
 * The long isolation run: `npm run isolation -- [--requests=10000] [--seed=N] [--concurrency=6]`.
 * Prints the figures docs/benchmarks.md records; exits 1 on any leak.
 */
import { cliNumber } from '../support/seeded-random.js';
import { runIsolation } from './run-isolation.js';
import { buildWorld, waitForFirings } from './tenants.js';
import { exitOnSignals } from '../support/logward-process.js';

exitOnSignals();
const argv = process.argv.slice(2);
const seed = cliNumber(argv, 'seed', 20261125);
const requests = cliNumber(argv, 'requests', 10_000);
const concurrency = cliNumber(argv, 'concurrency', 6);
const world = await buildWorld();
try {
  const fired = await waitForFirings(world, 150_000);
  console.log(`setup done; triggered alerts seen for ${fired} of ${world.tenants.length} accounts`);
  let lastPrint = Date.now();
  const report = await runIsolation(world, {
    seed,
    requests,
    concurrency,
    onProgress: (done) => {
      if (Date.now() - lastPrint < 10_000) return;
      lastPrint = Date.now();
      console.log(`${done}/${requests} requests`);
    },
  });
  console.log(
    JSON.stringify(
      {
        seed,
        accounts: world.tenants.length,
        requests: report.requests,
        statuses: report.statuses,
        leaks: report.leaks.length,
        serverErrors: report.serverErrors,
        durationS: Math.round(report.durationMs / 1000),
        perPath: report.perPath,
      },
      null,
      1,
    ),
  );
  for (const leak of report.leaks.slice(0, 20)) console.log('LEAK', JSON.stringify(leak));
  process.exitCode = report.leaks.length === 0 ? 0 : 1;
} finally {
  await world.close();
}
