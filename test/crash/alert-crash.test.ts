import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAlertCrashTrials } from './alert-crash-trials.js';

const TRIALS = Number(process.env.LOGWARD_ALERT_CRASH_TRIALS ?? 2);

/** A few kills in CI; the long run is `npm run crash -- --trials=100`. */
describe('alert evaluation survives kill -9 without losing or doubling a firing', () => {
  it(`holds over ${TRIALS} kills`, async (t) => {
    const report = await runAlertCrashTrials({ trials: TRIALS });
    t.diagnostic(
      JSON.stringify({
        ...report,
        lostFirings: report.lostFirings.length,
        doubledFirings: report.doubledFirings.length,
        wrongValues: report.wrongValues.length,
        undeliveredFirings: report.undeliveredFirings.length,
      }),
    );
    assert.equal(report.lostLogs, 0, 'acknowledged logs lost');
    assert.ok(report.expectedFirings > TRIALS, `only ${report.expectedFirings} (window, group) pairs to fire`);
    assert.deepEqual(report.lostFirings, [], 'windows whose logs crossed the threshold but did not fire');
    assert.deepEqual(report.doubledFirings, [], 'windows that fired twice');
    assert.deepEqual(report.wrongValues, [], 'firings whose value is not the stored count');
    assert.deepEqual(report.undeliveredFirings, [], 'firings never delivered to the endpoint');
  });
});
