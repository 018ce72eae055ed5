/**
 * The long people-and-sessions isolation run: `npm run isolation:people -- [--requests=10000] [--seed=N] [--concurrency=4]`.
 * Prints the figures docs/benchmarks.md records; exits 1 on any effect across accounts or any server error.
 */
import { cliNumber } from '../support/seeded-random.js';
import { buildPeopleWorld } from './people-world.js';
import { runPeopleIsolation } from './run-people-isolation.js';

const argv = process.argv.slice(2);
const seed = cliNumber(argv, 'seed', 20261207);
const requests = cliNumber(argv, 'requests', 10_000);
const concurrency = cliNumber(argv, 'concurrency', 4);
const world = await buildPeopleWorld();
try {
  let lastPrint = Date.now();
  const report = await runPeopleIsolation(world, {
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
        accounts: world.accounts.length,
        requests: report.requests,
        chunks: report.chunks,
        statuses: report.statuses,
        effectsAcrossAccounts: report.findings.length,
        serverErrors: report.serverErrors,
        durationS: Math.round(report.durationMs / 1000),
        perOp: report.perOp,
      },
      null,
      1,
    ),
  );
  for (const finding of report.findings.slice(0, 20)) console.log('EFFECT', JSON.stringify(finding));
  process.exitCode = report.findings.length === 0 && report.serverErrors === 0 && report.statuses['429'] === undefined ? 0 : 1;
} finally {
  await world.close();
}
