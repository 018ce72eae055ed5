/**
 * The long crash run: `npm run crash -- [--trials=100] [--only=ingest|alerts]`: kill -9 trials during ingest, then during
 * alert evaluation; prints the figures docs/benchmarks.md records and exits 1 on any loss or double.
 */
import { cliNumber } from '../support/seeded-random.js';
import { runAlertCrashTrials } from './alert-crash-trials.js';
import { runIngestCrashTrials } from './ingest-crash-trials.js';
import { exitOnSignals } from '../support/logward-process.js';

exitOnSignals();
const argv = process.argv.slice(2);
const trials = cliNumber(argv, 'trials', 100);
const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const progress = (what: string) => (trial: number) => {
  if ((trial + 1) % 10 === 0) console.log(`${what}: ${trial + 1}/${trials} kills`);
};
let failed = false;
if (only === undefined || only === 'ingest') {
  const ingest = await runIngestCrashTrials({ trials, onTrial: progress('ingest') });
  console.log(
    JSON.stringify({
      ingest: { ...ingest, lost: ingest.lost.length, broken: ingest.broken.length, durationS: Math.round(ingest.durationMs / 1000) },
    }),
  );
  failed ||= ingest.lost.length > 0 || ingest.broken.length > 0;
}
if (only === undefined || only === 'alerts') {
  const alerts = await runAlertCrashTrials({ trials, onTrial: progress('alerts') });
  console.log(
    JSON.stringify({
      alerts: {
        ...alerts,
        lostFirings: alerts.lostFirings.length,
        doubledFirings: alerts.doubledFirings.length,
        wrongValues: alerts.wrongValues.length,
        undeliveredFirings: alerts.undeliveredFirings.length,
        durationS: Math.round(alerts.durationMs / 1000),
      },
    }),
  );
  for (const line of [...alerts.lostFirings, ...alerts.doubledFirings, ...alerts.wrongValues, ...alerts.undeliveredFirings].slice(0, 20))
    console.log(line);
  failed ||=
    alerts.lostLogs > 0 ||
    alerts.lostFirings.length > 0 ||
    alerts.doubledFirings.length > 0 ||
    alerts.wrongValues.length > 0 ||
    alerts.undeliveredFirings.length > 0;
}
process.exit(failed ? 1 : 0);
