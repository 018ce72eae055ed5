import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runIngestCrashTrials } from './ingest-crash-trials.js';

const TRIALS = Number(process.env.LOGWARD_CRASH_TRIALS ?? 20);

/**
 * Afterwards every acknowledged log is stored exactly once, and every request is stored whole or not at all.
 * The long run is `npm run crash -- --trials=100`.
 */
describe('ingest survives kill -9 without losing or half-storing acknowledged logs', () => {
  it(`holds over ${TRIALS} kills`, async (t) => {
    const report = await runIngestCrashTrials({ trials: TRIALS });
    assert.ok(report.acknowledged > TRIALS, `only ${report.acknowledged} requests were acknowledged`);
    assert.deepEqual(report.lost, [], 'acknowledged requests missing logs');
    assert.deepEqual(report.broken, [], 'requests stored partly or twice');
    t.diagnostic(`${TRIALS} kills: ${report.acknowledged} requests acknowledged, ${report.storedWhole} stored whole, none lost or partial`);
  });
});
