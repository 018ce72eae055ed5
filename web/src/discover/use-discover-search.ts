import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.js';
import {
  cancelSearches,
  errorPosition,
  HIGHLIGHT_POST,
  HIGHLIGHT_PRE,
  newSearchId,
  queryOf,
  search,
  TIMESTAMP,
  type Bucket,
  type Hit,
  type ResolvedRange,
} from '../search.js';
import { DAY_MS, intervalFor } from '../time.js';
import type { HistogramBucket } from './Histogram.js';
import type { SortState } from './LogTable.js';

export const PAGE = 50;
const TAIL_EVERY_MS = 2000;

export interface Results {
  readonly hits: readonly Hit[];
  /** Counted so far (exact once `counting` is false); undefined before the first count arrives. */
  readonly total: number | undefined;
  readonly counting: boolean;
  readonly buckets: readonly HistogramBucket[];
  readonly intervalMs: number;
  /** Buckets before this time are still being counted. */
  readonly pendingBeforeMs: number | undefined;
  readonly range: ResolvedRange;
}

export type SearchPhase = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface SearchError {
  readonly message: string;
  readonly position?: number | undefined;
}

function timeMs(hit: Hit): number {
  const value = hit._source[TIMESTAMP];
  return typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : 0;
}

export function sortClauses(sort: SortState, sortName: (field: string) => string): unknown[] {
  if (sort.field === TIMESTAMP) return [{ [TIMESTAMP]: { order: sort.order } }];
  return [{ [sortName(sort.field)]: { order: sort.order, missing: '_last' } }, { [TIMESTAMP]: { order: 'desc' } }];
}

function pageBody(query: string, range: ResolvedRange, sort: unknown[], from: number): Record<string, unknown> {
  return {
    query: queryOf(query, range),
    from,
    size: PAGE,
    sort,
    // The newest page comes first, without waiting for the count (decision 0651).
    track_total_hits: false,
    highlight: { fields: { '*': {} }, pre_tags: [HIGHLIGHT_PRE], post_tags: [HIGHLIGHT_POST], number_of_fragments: 0 },
  };
}

/**
 * The parts of the histogram counted one after another, newest first: the last UTC day (or the whole range when it
 * is a day or less), then the rest in up to three parts cut at UTC midnights, so a week's bars fill from the right.
 */
export function histogramChunks(range: ResolvedRange): ResolvedRange[] {
  if (range.toMs - range.fromMs <= DAY_MS) return [range];
  const lastDay = Math.max(range.fromMs, Math.floor((range.toMs - 1) / DAY_MS) * DAY_MS);
  const chunks: ResolvedRange[] = [{ fromMs: lastDay, toMs: range.toMs }];
  const days = Math.ceil((lastDay - range.fromMs) / DAY_MS);
  const parts = Math.min(3, days);
  let end = lastDay;
  for (let i = parts; i > 0 && end > range.fromMs; i -= 1) {
    const start = i === 1 ? range.fromMs : Math.max(range.fromMs, end - Math.ceil(days / parts) * DAY_MS);
    chunks.push({ fromMs: start, toMs: end });
    end = start;
  }
  return chunks;
}

function emptyBuckets(range: ResolvedRange, intervalMs: number): HistogramBucket[] {
  const out: HistogramBucket[] = [];
  for (let key = Math.floor(range.fromMs / intervalMs) * intervalMs; key < range.toMs; key += intervalMs) out.push({ key, count: 0 });
  return out;
}

function addBuckets(into: readonly HistogramBucket[], buckets: readonly Bucket[]): HistogramBucket[] {
  const byKey = new Map(into.map((bucket) => [bucket.key, bucket.count]));
  for (const bucket of buckets) byKey.set(Number(bucket.key), (byKey.get(Number(bucket.key)) ?? 0) + bucket.doc_count);
  return [...byKey.entries()].sort((a, b) => a[0] - b[0]).map(([key, count]) => ({ key, count }));
}

function messageOf(caught: unknown): string {
  return caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught);
}

/**
 * Discover's search: the newest page and the counted histogram in parallel (the page first), the histogram filled
 * newest part first; a new search or Cancel stops the running one in the engine; live tail moves the range and the
 * histogram.
 */
export function useDiscoverSearch(input: {
  query: string;
  range: ResolvedRange | undefined;
  rangeError: string | undefined;
  sort: unknown[];
  tail: boolean;
  /** Relative range ending now: live tail slides it. */
  endsNow: boolean;
}) {
  const { query, range, sort, tail, endsNow } = input;
  const [results, setResults] = useState<Results | null>(null);
  const [phase, setPhase] = useState<SearchPhase>('idle');
  const [error, setError] = useState<SearchError | null>(null);
  const running = useRef<{ controller: AbortController; ids: string[] } | null>(null);
  const loadingMore = useRef(false);
  const sortKey = JSON.stringify(sort);

  const stop = useCallback((cancelled: boolean) => {
    const current = running.current;
    running.current = null;
    if (current === null) return;
    current.controller.abort();
    void cancelSearches(current.ids);
    if (cancelled) setPhase('cancelled');
  }, []);

  useEffect(() => {
    if (range === undefined) {
      stop(false);
      setResults(null);
      setPhase('failed');
      setError(input.rangeError === undefined ? null : { message: input.rangeError });
      return;
    }
    const controller = new AbortController();
    const ids: string[] = [];
    running.current = { controller, ids };
    const id = (): string => {
      const next = newSearchId();
      ids.push(next);
      return next;
    };
    const interval = intervalFor(range.toMs - range.fromMs);
    const chunks = histogramChunks(range);
    setPhase('running');
    setError(null);
    const fail = (caught: unknown): void => {
      if (controller.signal.aborted) return;
      const message = messageOf(caught);
      setError({ message, position: errorPosition(message, query) });
      setResults(null);
      setPhase('failed');
      running.current = null;
    };
    let pageDone = false;
    let countDone = false;
    const finishIfDone = (): void => {
      if (pageDone && countDone && !controller.signal.aborted) {
        setPhase('done');
        running.current = null;
      }
    };
    const fresh: Results = {
      hits: [],
      total: undefined,
      counting: true,
      buckets: emptyBuckets(range, interval.ms),
      intervalMs: interval.ms,
      pendingBeforeMs: range.toMs,
      range,
    };
    let shown = false;
    const show = (change: (previous: Results) => Results): void => {
      if (controller.signal.aborted) return;
      setResults((previous) => {
        const base = shown && previous !== null && previous.range === range ? previous : fresh;
        shown = true;
        return change(base);
      });
    };
    search(pageBody(query, range, sort, 0), range, controller.signal, id()).then((response) => {
      pageDone = true;
      show((base) => ({ ...base, hits: response.hits.hits }));
      finishIfDone();
    }, fail);
    void (async () => {
      let total = 0;
      for (const chunk of chunks) {
        const body = {
          query: queryOf(query, chunk),
          size: 0,
          track_total_hits: true,
          aggs: {
            histogram: {
              date_histogram: {
                field: TIMESTAMP,
                fixed_interval: interval.text,
                min_doc_count: 0,
                extended_bounds: { min: chunk.fromMs, max: chunk.toMs - 1 },
              },
            },
          },
        };
        const response = await search(body, chunk, controller.signal, id());
        total += response.hits.total ?? 0;
        const buckets = (response.aggregations?.histogram as { buckets?: Bucket[] } | undefined)?.buckets ?? [];
        const last = chunk === chunks[chunks.length - 1];
        show((base) => ({
          ...base,
          total,
          counting: !last,
          buckets: addBuckets(base.buckets, buckets),
          pendingBeforeMs: last ? undefined : chunk.fromMs,
        }));
      }
      countDone = true;
      finishIfDone();
    })().catch(fail);
    return () => {
      if (running.current?.controller === controller) stop(false);
      else controller.abort();
    };
  }, [query, range?.fromMs, range?.toMs, sortKey, input.rangeError, stop]);

  const loadMore = useCallback(() => {
    if (results === null || loadingMore.current) return;
    if (results.total !== undefined && results.hits.length >= results.total) return;
    if (results.hits.length >= 10_000) return;
    loadingMore.current = true;
    search(pageBody(query, results.range, sort, results.hits.length), results.range)
      .then((response) => {
        const known = new Set(results.hits.map((hit) => hit._id));
        setResults({ ...results, hits: [...results.hits, ...response.hits.hits.filter((hit) => !known.has(hit._id))] });
      })
      .catch(() => undefined)
      .finally(() => {
        loadingMore.current = false;
      });
  }, [results, query, sortKey]);

  // Live tail: every 2 s the logs newer than the newest shown come in on top, counted into the total and the
  // histogram; a range ending now slides with the clock.
  useEffect(() => {
    if (!tail || results === null || results.counting) return;
    const timer = window.setInterval(() => {
      const newest = Math.max(results.range.fromMs, ...results.hits.slice(0, 1).map(timeMs));
      const now = Date.now();
      const window_ = { fromMs: newest + 1, toMs: Math.max(now + 1000, newest + 2) };
      const body = {
        query: queryOf(query, window_),
        size: PAGE,
        sort: [{ [TIMESTAMP]: { order: 'desc' } }],
        track_total_hits: true,
        aggs: { histogram: { date_histogram: { field: TIMESTAMP, fixed_interval: `${results.intervalMs}ms`, min_doc_count: 1 } } },
      };
      search(body, window_)
        .then((response) => {
          const known = new Set(results.hits.map((hit) => hit._id));
          const arrived = response.hits.hits.filter((hit) => !known.has(hit._id));
          const span = results.range.toMs - results.range.fromMs;
          const moved = endsNow ? { fromMs: now - span, toMs: now } : results.range;
          const buckets = addBuckets(
            results.buckets,
            (response.aggregations?.histogram as { buckets?: Bucket[] } | undefined)?.buckets ?? [],
          );
          const inRange = [...addBuckets(emptyBuckets(moved, results.intervalMs), []), ...buckets]
            .filter((bucket) => bucket.key + results.intervalMs > moved.fromMs && bucket.key < moved.toMs)
            .reduce<HistogramBucket[]>((all, bucket) => {
              const same = all.find((other) => other.key === bucket.key);
              if (same === undefined) all.push(bucket);
              else if (bucket.count > same.count) all.splice(all.indexOf(same), 1, bucket);
              return all;
            }, [])
            .sort((a, b) => a.key - b.key);
          if (arrived.length === 0 && moved === results.range) return;
          setResults({
            ...results,
            hits: [...arrived, ...results.hits],
            total: (results.total ?? 0) + (response.hits.total ?? arrived.length),
            buckets: inRange,
            range: moved,
          });
        })
        .catch(() => undefined);
    }, TAIL_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [tail, results, query, endsNow]);

  return { results, phase, error, setError, loadMore, cancel: () => stop(true) };
}
