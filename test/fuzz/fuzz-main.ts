/**
 * The long fuzz run: `npm run fuzz -- [--cases=1000] [--seed=N] [--concurrency=6]` (cases per route).
 * Prints the figures docs/benchmarks.md records and exits 1 on any 5xx not on the known-defect list.
 */
import { cliNumber } from '../support/seeded-random.js';
import { fuzzService } from './fuzz-sample.js';
import { exitOnSignals } from '../support/logward-process.js';

exitOnSignals();
const argv = process.argv.slice(2);
const seed = cliNumber(argv, 'seed', 20261125);
const casesPerRoute = cliNumber(argv, 'cases', 1000);
const concurrency = cliNumber(argv, 'concurrency', 6);
let lastPrint = 0;
const { report, healthAfter } = await fuzzService({
  seed,
  casesPerRoute,
  concurrency,
  onProgress: (done, total) => {
    if (Date.now() - lastPrint < 10_000) return;
    lastPrint = Date.now();
    console.log(`${done}/${total} cases`);
  },
});
const fiveHundreds = Object.entries(report.statuses)
  .filter(([status]) => status.startsWith('5') || status === 'no answer')
  .reduce((sum, [, n]) => sum + n, 0);
console.log(
  JSON.stringify(
    {
      seed,
      routes: report.routes,
      cases: report.cases,
      casesPerRoute,
      statuses: report.statuses,
      fiveHundreds,
      unexplained: report.failures.length,
      knownDefects: report.known.length,
      durationS: Math.round(report.durationMs / 1000),
      healthAfter,
      slowest: report.slowest,
    },
    null,
    1,
  ),
);
for (const failure of report.failures.slice(0, 40)) console.log('5xx', JSON.stringify(failure));
for (const failure of report.known.slice(0, 10)) console.log('known', JSON.stringify(failure));
const healthy = healthAfter.alive && healthAfter.health === 200 && healthAfter.whoami === 200 && healthAfter.search === 200;
process.exit(report.failures.length === 0 && healthy ? 0 : 1);
