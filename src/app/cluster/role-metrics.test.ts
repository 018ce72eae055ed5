import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EngineStats } from '../../storage/engine-stats.js';
import { createRoleMetrics, type RoleGauges } from './role-metrics.js';

/** The value of one sample of a Prometheus text page (`undefined` when absent). */
function sample(page: string, series: string): number | undefined {
  const line = page.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function sources(engine: EngineStats): RoleGauges {
  return { engine, queuedBytes: () => 0, queuedRequests: () => 0, runningJobs: () => [], leaseHolders: async () => [] };
}

describe('role metrics: the engine', () => {
  it('serves the lanes, the waits, the durations by outcome and the memory the store reports', async () => {
    const metrics = createRoleMetrics({ engine: true });
    metrics.observe(
      sources({
        statementLoad: () => ({ interactive: { running: 2, waiting: 3 }, background: { running: 1, waiting: 0 } }),
        engineMemoryBytes: async () => 123_456_789,
      }),
    );
    const empty = await metrics.registry.metrics();
    assert.equal(sample(empty, 'logward_engine_statements_admitted_total{lane="background"}'), 0, 'every series from the start');
    assert.equal(sample(empty, 'logward_engine_statement_duration_seconds_count{lane="interactive",outcome="timed_out"}'), 0);
    metrics.engine.admitted('interactive', 20);
    metrics.engine.admitted('interactive', 3_000);
    metrics.engine.finished('interactive', 'ok', 40);
    metrics.engine.finished('interactive', 'cancelled', 7_000);
    metrics.engine.admitted('background', 45);
    metrics.engine.finished('background', 'error', 5);
    const page = await metrics.registry.metrics();
    assert.equal(sample(page, 'logward_engine_statements_running{lane="interactive"}'), 2);
    assert.equal(sample(page, 'logward_engine_statements_waiting{lane="interactive"}'), 3);
    assert.equal(sample(page, 'logward_engine_statements_running{lane="background"}'), 1);
    assert.equal(sample(page, 'logward_engine_statements_admitted_total{lane="interactive"}'), 2);
    assert.equal(sample(page, 'logward_engine_statements_admitted_total{lane="background"}'), 1);
    assert.equal(sample(page, 'logward_engine_queue_wait_seconds_count{lane="interactive"}'), 2);
    assert.equal(sample(page, 'logward_engine_queue_wait_seconds_bucket{le="0.05",lane="interactive"}'), 1);
    assert.equal(sample(page, 'logward_engine_queue_wait_seconds_sum{lane="interactive"}'), 3.02);
    assert.equal(sample(page, 'logward_engine_statement_duration_seconds_count{lane="interactive",outcome="ok"}'), 1);
    assert.equal(sample(page, 'logward_engine_statement_duration_seconds_count{lane="interactive",outcome="cancelled"}'), 1);
    assert.equal(sample(page, 'logward_engine_statement_duration_seconds_bucket{le="5",lane="interactive",outcome="cancelled"}'), 0);
    assert.equal(sample(page, 'logward_engine_statement_duration_seconds_count{lane="background",outcome="error"}'), 1);
    assert.equal(sample(page, 'logward_engine_memory_bytes'), 123_456_789);
    assert.equal(sample(page, 'logward_engine_memory_read_failures_total'), 0);
  });

  it('never fails a scrape for the memory: a read that fails or is late keeps the last value and is counted', async () => {
    const metrics = createRoleMetrics({ engine: true });
    const reads: (number | undefined)[] = [1_000, undefined, undefined];
    const bounds: number[] = [];
    metrics.observe(
      sources({
        statementLoad: () => ({ interactive: { running: 0, waiting: 0 }, background: { running: 0, waiting: 0 } }),
        engineMemoryBytes: async (boundMs) => {
          bounds.push(boundMs);
          return reads.shift();
        },
      }),
    );
    assert.equal(sample(await metrics.registry.metrics(), 'logward_engine_memory_bytes'), 1_000);
    await metrics.registry.metrics();
    const page = await metrics.registry.metrics();
    assert.equal(sample(page, 'logward_engine_memory_bytes'), 1_000);
    assert.equal(sample(page, 'logward_engine_memory_read_failures_total'), 2);
    assert.ok(
      bounds.every((bound) => bound > 0 && bound <= 1_000),
      'each read is bounded',
    );
  });

  it('leaves the engine out of a process that runs no searches (ingest only)', async () => {
    const metrics = createRoleMetrics({ engine: false });
    let asked = 0;
    metrics.observe(
      sources({
        statementLoad: () => {
          asked += 1;
          return { interactive: { running: 0, waiting: 0 }, background: { running: 0, waiting: 0 } };
        },
        engineMemoryBytes: async () => {
          asked += 1;
          return 1;
        },
      }),
    );
    metrics.engine.admitted('interactive', 1);
    const page = await metrics.registry.metrics();
    assert.doesNotMatch(page, /logward_engine_/);
    assert.match(page, /logward_ingest_queued_bytes/);
    assert.equal(asked, 0, 'the engine is not even asked');
  });
});
