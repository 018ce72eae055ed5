/** What the benches share to time things: percentiles, a clock cycles can move, one timed `/v1/search`. */
import type { Clock } from '../src/shared/clock.js';

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

/** Real time passing from a chosen instant, which each detection cycle moves to its due time. */
export function shiftedClock(startMs: number): Clock & { jumpTo(ms: number): void } {
  let base = startMs;
  let origin = performance.now();
  return {
    now: () => Math.floor(base + (performance.now() - origin)),
    jumpTo(ms) {
      base = ms;
      origin = performance.now();
    },
  };
}

/** One `/v1/search` (term status:500, newest 50) over HTTP, timed in ms; any answer but 200 throws. */
export function timedSearch(port: number, token: string): () => Promise<number> {
  const searchUrl = `http://127.0.0.1:${port}/v1/search`;
  const searchBody = JSON.stringify({ query: { term: { status: 500 } }, sort: [{ '@timestamp': { order: 'desc' } }], size: 50 });
  return async () => {
    const begin = performance.now();
    const response = await fetch(searchUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': token },
      body: searchBody,
    });
    await response.text();
    if (response.status !== 200) throw new Error(`search answered ${response.status}`);
    return performance.now() - begin;
  };
}

/** Searches timed right before each detection cycle (idle) and while it runs (during). */
export interface CycleSearchTimes {
  readonly idle: number[];
  readonly during: number[];
}

const WARM_UP_SEARCHES = 20;
/** Idle searches timed right before each cycle. */
const IDLE_SEARCHES = 30;

/**
 * Runs `cycles` detection cycles, each at its due time (`firstDueMs` + n × `intervalMs`), with searches back to back
 * meanwhile, after timing 30 searches at that cycle's own clock as its idle. Idle must be timed at the same clock:
 * /v1/search reads yesterday and today, so a search timed just before midnight reads one day of the generator's logs
 * and one during a cycle due at 00:00:30 both.
 */
export async function timeCycles<T>(input: {
  readonly clock: { jumpTo(ms: number): void };
  readonly firstDueMs: number;
  readonly intervalMs: number;
  readonly cycles: number;
  readonly searchOnce: () => Promise<number>;
  readonly cycle: () => Promise<T>;
  readonly onCycle: (index: number, report: T, seconds: number) => void;
}): Promise<CycleSearchTimes> {
  const times: CycleSearchTimes = { idle: [], during: [] };
  input.clock.jumpTo(input.firstDueMs);
  for (let i = 0; i < WARM_UP_SEARCHES; i += 1) await input.searchOnce();
  for (let index = 0; index < input.cycles; index += 1) {
    const dueMs = input.firstDueMs + index * input.intervalMs;
    input.clock.jumpTo(dueMs);
    for (let i = 0; i < IDLE_SEARCHES; i += 1) times.idle.push(await input.searchOnce());
    input.clock.jumpTo(dueMs);
    let running = true;
    const searching = (async () => {
      while (running) times.during.push(await input.searchOnce());
    })();
    const begin = performance.now();
    try {
      const report = await input.cycle();
      input.onCycle(index, report, (performance.now() - begin) / 1000);
    } finally {
      running = false;
      await searching;
    }
  }
  return times;
}
