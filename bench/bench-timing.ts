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
