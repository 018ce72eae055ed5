import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatementLane, StatementOutcome } from '../../engine-stats.js';
import { StatementCancelledError, type ClickHouseTransport, type QuerySettings } from '../transport.js';
import { backgroundShare, createPrioritisedRuns, createStatementAdmission, laneOf, laneSettings } from './statement-priority.js';

const GB = 1024 ** 3;

/** A transport that records each statement's settings; statements of account `slow` wait until released. */
function recordingTransport(slots: number) {
  const seen: { sql: string; settings: QuerySettings }[] = [];
  const held: (() => void)[] = [];
  const transport: ClickHouseTransport = {
    shares: { memoryBytes: 10 * GB, slots },
    exec: async () => undefined,
    insertJsonEachRow: async () => undefined,
    query: async <Row>(sql: string, settings?: QuerySettings) => {
      seen.push({ sql, settings: settings ?? {} });
      if (sql.includes('slow')) await new Promise<void>((resolve) => held.push(resolve));
      if (sql.includes('timeout')) throw new Error('Code: 159. DB::Exception: Timeout exceeded: elapsed 30 seconds. (TIMEOUT_EXCEEDED)');
      if (sql.includes('broken')) throw new Error('Code: 62. DB::Exception: Syntax error. (SYNTAX_ERROR)');
      if (sql.includes('cancel')) throw new StatementCancelledError();
      return [] as Row[];
    },
    memoryTracking: async () => 0,
    ping: async () => undefined,
    close: async () => undefined,
  };
  return { transport, seen, release: () => held.splice(0).forEach((go) => go()) };
}

describe('statement priority and engine shares', () => {
  it('keeps interactive statements together and a background statement within the engine budget, spilling at half', () => {
    const { interactive, background } = laneSettings({ memoryBytes: 10 * GB, slots: 3 });
    const interactiveBytes = Number(interactive.max_memory_usage);
    const backgroundBytes = Number(background.max_memory_usage);
    assert.ok(interactiveBytes * 3 + backgroundBytes < 10 * GB, 'all slots busy and a background statement still fit');
    assert.equal(Number(interactive.max_bytes_before_external_group_by), Math.trunc(interactiveBytes / 2));
    assert.equal(background.priority, 10);
    assert.equal(interactive.priority, 1);
  });

  it('gives a young background run a quarter of the time and a run nearing the lag bar all of it', () => {
    assert.equal(backgroundShare(0), 0.25);
    assert.equal(backgroundShare(2000), 0.25);
    assert.ok(backgroundShare(4000) > 0.25 && backgroundShare(4000) < 1);
    assert.ok(backgroundShare(5000) > backgroundShare(4000));
    assert.equal(backgroundShare(7000), 1);
    assert.equal(backgroundShare(60_000), 1);
  });

  it('runs each lane with its own settings, and one account never takes every slot', async () => {
    const { transport, seen, release } = recordingTransport(2);
    const runs = createPrioritisedRuns(transport);
    const noisy = { background: false, share: '1' } as const;
    const slow = [1, 2, 3].map(() => runs(noisy, (run) => run('SELECT slow')));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(seen.length, 1, 'the noisy account holds one of the two slots, its other searches wait');
    await runs({ background: false, share: '2' }, (run) => run('SELECT quick'));
    assert.equal(seen.at(-1)?.sql, 'SELECT quick');
    await runs({ background: true }, (run) => run('SELECT background'));
    const backgroundSettings = seen.at(-1)?.settings ?? {};
    assert.equal(backgroundSettings.max_threads, 1);
    assert.equal(backgroundSettings.max_memory_usage, Math.trunc(10 * GB * 0.25));
    while (seen.filter((s) => s.sql === 'SELECT slow').length < 3) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await Promise.all(slow);
  });

  it('gives a search the share of the account that asked', () => {
    const scope = { accounts: [{ accountId: 5, fromMs: 0 }], toMs: null, types: null, filter: null };
    assert.deepEqual(laneOf({ ...scope, requesterAccountId: 9 }, false), { background: false, share: '9' });
    assert.deepEqual(laneOf(scope, undefined), { background: false, share: '5' });
    assert.deepEqual(laneOf(scope, true), { background: true });
  });
  it('tells each admitted statement, its wait and its outcome, and reports the load of each lane', async () => {
    const { transport, release } = recordingTransport(2);
    const events: { lane: StatementLane; what: 'admitted' | StatementOutcome; ms: number }[] = [];
    const admission = createStatementAdmission(transport, {
      admitted: (lane, ms) => events.push({ lane, what: 'admitted', ms }),
      finished: (lane, outcome, ms) => events.push({ lane, what: outcome, ms }),
    });
    const { runs } = admission;
    const idle = { running: 0, waiting: 0 };
    assert.deepEqual(admission.load(), { interactive: idle, background: idle });
    const account = { background: false, share: '1' } as const;
    const searches = [1, 2].map(() => runs(account, (run) => run('SELECT slow')));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(admission.load().interactive, { running: 1, waiting: 1 }, 'one account holds one of two slots');
    const background = runs({ background: true }, (run) => run('SELECT slow background'));
    assert.equal(admission.load().background.waiting, 1, 'held by the gate while a search runs');
    while (admission.load().background.running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(admission.load(), { interactive: { running: 1, waiting: 1 }, background: { running: 1, waiting: 0 } });
    while (events.filter((event) => event.what === 'ok').length < 3) {
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([...searches, background]);
    assert.deepEqual(admission.load(), { interactive: idle, background: idle });
    assert.deepEqual(events.map(({ lane, what }) => `${lane} ${what}`).sort(), [
      'background admitted',
      'background ok',
      'interactive admitted',
      'interactive admitted',
      'interactive ok',
      'interactive ok',
    ]);
    const backgroundWait = events.find((event) => event.lane === 'background' && event.what === 'admitted')?.ms ?? 0;
    assert.ok(backgroundWait >= 30, `the gate's wait counts as queue wait (${backgroundWait} ms)`);

    events.length = 0;
    for (const sql of ['SELECT timeout', 'SELECT broken', 'SELECT cancel']) await assert.rejects(runs(account, (run) => run(sql)));
    assert.deepEqual(
      events.filter((event) => event.what !== 'admitted').map((event) => event.what),
      ['timed_out', 'error', 'cancelled'],
    );
    assert.deepEqual(admission.load(), { interactive: idle, background: idle });
  });
});
