import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GroupMeasure, MeasuredGroup } from '../../storage/log-store.js';
import type { GroupPartial } from '../questions/question.js';
import { bucketLengthOf, isSlidable, slideWindow } from './exact-preview.js';

const MINUTE = 60_000;

interface Log {
  readonly at: number;
  readonly host: string;
  readonly latency?: number;
}

/** A small replayable spread of logs over two hours, some without the measured field. */
function logs(): Log[] {
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const out: Log[] = [];
  for (let at = 0; at < 120 * MINUTE; at += Math.floor(next() * 40_000)) {
    const host = next() < 0.5 ? 'a' : next() < 0.5 ? 'b' : 'c';
    out.push(next() < 0.2 ? { at, host } : { at, host, latency: Math.floor(next() * 100) });
  }
  return out;
}

function partialsOf(all: readonly Log[], bucketMs: number): Map<number, GroupPartial[]> {
  const byBucket = new Map<number, Map<string, GroupPartial>>();
  for (const log of all) {
    const start = Math.floor(log.at / bucketMs) * bucketMs;
    const groups = byBucket.get(start) ?? new Map<string, GroupPartial>();
    byBucket.set(start, groups);
    const seen = groups.get(log.host) ?? { group: { host: log.host }, count: 0, numbers: 0, sum: 0, min: null, max: null, matched: 0 };
    const v = log.latency;
    groups.set(log.host, {
      group: seen.group,
      count: seen.count + 1,
      numbers: seen.numbers + (v === undefined ? 0 : 1),
      sum: seen.sum + (v ?? 0),
      min: v === undefined ? seen.min : Math.min(seen.min ?? v, v),
      max: v === undefined ? seen.max : Math.max(seen.max ?? v, v),
      matched: seen.matched + (v !== undefined && v >= 50 ? 1 : 0),
    });
  }
  return new Map([...byBucket].map(([start, groups]) => [start, [...groups.values()]]));
}

/** The measure of each host over [from, to) straight from the logs, as the store answers one window. */
function bruteForce(all: readonly Log[], measure: GroupMeasure, from: number, to: number): Map<string, number> {
  const inWindow = all.filter((log) => log.at >= from && log.at < to);
  const out = new Map<string, number>();
  for (const host of new Set(inWindow.map((log) => log.host))) {
    const mine = inWindow.filter((log) => log.host === host);
    const numbers = mine.flatMap((log) => (log.latency === undefined ? [] : [log.latency]));
    const sum = numbers.reduce((a, b) => a + b, 0);
    const value =
      measure.kind === 'count'
        ? mine.length
        : measure.kind === 'sum'
          ? sum
          : measure.kind === 'share'
            ? (numbers.filter((v) => v >= 50).length / mine.length) * 100
            : numbers.length === 0
              ? undefined
              : measure.kind === 'avg'
                ? sum / numbers.length
                : measure.kind === 'min'
                  ? Math.min(...numbers)
                  : Math.max(...numbers);
    if (value !== undefined) out.set(host, value);
  }
  return out;
}

const asMap = (answer: readonly MeasuredGroup[] | undefined): Map<string, number> =>
  new Map((answer ?? []).map((group) => [group.group.host ?? '', group.value]));

const MEASURES: readonly GroupMeasure[] = [
  { kind: 'count' },
  { kind: 'sum', field: 'latency' },
  { kind: 'min', field: 'latency' },
  { kind: 'max', field: 'latency' },
  { kind: 'avg', field: 'latency' },
  { kind: 'share', condition: { kind: 'match_all', boost: 1 } },
];

describe('exact preview: windows slid over per-bucket partials', () => {
  const all = logs();
  const partials = partialsOf(all, MINUTE);
  const windowMs = 5 * MINUTE;
  const ends = Array.from({ length: 110 }, (_, i) => windowMs + (i + 5) * MINUTE);

  for (const measure of MEASURES) {
    it(`${measure.kind}: every window equals the measure over its logs`, () => {
      for (const end of ends) {
        const window = { fromMs: end - windowMs, toMs: end };
        const slid = slideWindow(partials, { groupBy: ['host'], measure }, window, MINUTE, 100);
        assert.deepEqual(asMap(slid), bruteForce(all, measure, window.fromMs, window.toMs), `window ending ${end}`);
      }
    });

    it(`${measure.kind}: a window off by one bucket is told apart (the comparison can fail)`, () => {
      const differing = ends.filter((end) => {
        const shifted = slideWindow(
          partials,
          { groupBy: ['host'], measure },
          { fromMs: end - windowMs + MINUTE, toMs: end + MINUTE },
          MINUTE,
          100,
        );
        return JSON.stringify([...asMap(shifted)]) !== JSON.stringify([...bruteForce(all, measure, end - windowMs, end)]);
      });
      assert.ok(differing.length > ends.length / 2, `${differing.length} of ${ends.length}`);
    });
  }

  it('answers the one group {} over no logs for COUNT and SUM, nothing for the others', () => {
    const empty = new Map<number, GroupPartial[]>();
    const window = { fromMs: 0, toMs: windowMs };
    assert.deepEqual(slideWindow(empty, { groupBy: [], measure: { kind: 'count' } }, window, MINUTE, 10), [{ group: {}, value: 0 }]);
    assert.deepEqual(slideWindow(empty, { groupBy: [], measure: { kind: 'sum', field: 'x' } }, window, MINUTE, 10), [
      { group: {}, value: 0 },
    ]);
    assert.deepEqual(slideWindow(empty, { groupBy: [], measure: { kind: 'avg', field: 'x' } }, window, MINUTE, 10), []);
  });

  it('refuses a window with more groups than the store lists (it would cut them)', () => {
    assert.equal(
      slideWindow(partials, { groupBy: ['host'], measure: { kind: 'count' } }, { fromMs: 0, toMs: 60 * MINUTE }, MINUTE, 2),
      undefined,
    );
  });

  it('slides only measures of partials, over whole epoch-aligned buckets', () => {
    assert.equal(isSlidable({ kind: 'unique_count', field: 'x' }), false);
    assert.equal(isSlidable({ kind: 'percentile', field: 'x', percent: 95 }), false);
    assert.equal(isSlidable({ kind: 'avg', field: 'x' }), true);
    // 60-s interval, 5-minute window: minutes.
    assert.equal(bucketLengthOf(5 * MINUTE, [10 * MINUTE, 11 * MINUTE, 12 * MINUTE]), MINUTE);
    // 5-minute grid, 10-minute window: 5-minute buckets.
    assert.equal(bucketLengthOf(10 * MINUTE, [10 * MINUTE, 15 * MINUTE, 20 * MINUTE]), 5 * MINUTE);
    // A grid off the second (a cron in an odd zone, say) has no bucket worth sliding.
    assert.equal(bucketLengthOf(5 * MINUTE, [10 * MINUTE + 1, 11 * MINUTE + 1]), undefined);
    assert.equal(bucketLengthOf(5 * MINUTE, []), undefined);
  });
});
