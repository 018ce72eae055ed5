/**
 * The web app's Discover (decision 0650): searches over any range the account retains (refused past it, never
 * clipped), each stopped when the page stops waiting; surrounding documents; patterns of the matching logs; CSV
 * export. Everything goes through the search module's one scope resolver and parser (Elasticsearch profile).
 */
import { resolveDateMath, type SearchRequest } from '../../query/index.js';
import { MS_PER_DAY, type Clock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import type { LogSearchResult } from '../../storage/log-store.js';
import { esHit, hitsObject, type SearchService } from '../search/index.js';
import { discoverErrors } from './discover-errors.js';
import { csvLine, csvValue } from './csv.js';
import { findPatterns, type PatternsAnswer } from './patterns.js';
import type { RangeInput, ResolvedRange, TimeBound } from './time-range.js';

export interface DiscoverServiceDeps {
  readonly search: SearchService;
  readonly clock: Clock;
}

/** Logs one CSV export writes at most (the page says so when it stops there). */
export const EXPORT_MAX_ROWS = 100_000;
const EXPORT_PAGE = 1000;

/** The first window searched on each side of a log for its surrounding logs, and how much wider each next one is. */
const FIRST_WINDOW_MS = 5 * 60_000;
const WIDEN = 8;

/** Logs of one millisecond compared at most to place a log among them (a burst of more is placed after these). */
const MAX_TIES = 2000;

const TIMESTAMP = '@timestamp';

/** Display order of surrounding documents, and its exact reverse: the receive order (`_doc`) breaks timestamp ties. */
const NEWEST_FIRST = [{ [TIMESTAMP]: { order: 'desc' } }, { _doc: { order: 'asc' } }];
const OLDEST_FIRST = [{ [TIMESTAMP]: { order: 'asc' } }, { _doc: { order: 'desc' } }];

export type DiscoverService = ReturnType<typeof createDiscoverService>;

export function createDiscoverService(deps: DiscoverServiceDeps) {
  const { search, clock } = deps;

  /** `now-7d`, an ISO time or epoch ms, against this process's clock (the page's may differ). */
  function resolveRange(input: RangeInput): ResolvedRange {
    const now = clock.now();
    const at = (value: TimeBound, field: 'from' | 'to', roundUp: boolean): number => {
      const resolved = resolveDateMath(value, { now, roundUp, format: null, timeZone: null });
      if (resolved === null) throw discoverErrors.badTime(field, String(value));
      return resolved;
    };
    return { fromMs: at(input.from, 'from', false), toMs: at(input.to, 'to', true) };
  }

  function parse(body: unknown): SearchRequest {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw discoverErrors.searchBodyNotAnObject();
    return search.parse(body, 'elasticsearch');
  }

  async function run(principal: Principal, range: ResolvedRange, request: SearchRequest, signal: AbortSignal): Promise<LogSearchResult> {
    const { result } = await search.execute({
      principal,
      request,
      window: { kind: 'range', fromMs: range.fromMs, toMs: range.toMs },
      requestedAccountIds: null,
      types: null,
      signal,
    });
    return result;
  }

  /** Retention-wide window for a lookup around one log. */
  function retentionRange(principal: Principal): ResolvedRange {
    const now = clock.now();
    return { fromMs: now - principal.retentionDays * MS_PER_DAY + 1000, toMs: now + MS_PER_DAY };
  }

  return {
    resolveRange,

    settings(principal: Principal) {
      const oldestMs = clock.now() - principal.retentionDays * MS_PER_DAY;
      return { retentionDays: principal.retentionDays, oldest: new Date(oldestMs).toISOString(), exportMaxRows: EXPORT_MAX_ROWS };
    },

    /** An Elasticsearch search body over the range; the answer names the range resolved. */
    async search(principal: Principal, input: RangeInput & { readonly search: unknown }, signal: AbortSignal) {
      const started = clock.now();
      const range = resolveRange(input);
      const request = parse(input.search);
      const result = await run(principal, range, request, signal);
      const hits = hitsObject(result, 'object', false);
      return result.aggregations === null
        ? { range, took: clock.now() - started, hits }
        : { range, took: clock.now() - started, hits, aggregations: { ...result.aggregations } };
    },

    /**
     * The `older` logs before one log and the `newer` after it (both newest first, as Discover lists them), over
     * everything retained, on the logs sharing `sameAs` (a host, a service) or the whole account.
     */
    async surrounding(
      principal: Principal,
      input: {
        readonly anchor: { readonly id: string; readonly timestampMs: number };
        readonly older: number;
        readonly newer: number;
        readonly sameAs: Readonly<Record<string, string | number | boolean>>;
      },
      signal: AbortSignal,
    ) {
      const retention = retentionRange(principal);
      const now = clock.now();
      // The whole value: `field.keyword` is the exact value whether the catalog holds the field as text (its keyword
      // twin) or as a keyword, so one test on one column, never a token test OR'ed with an equality on each row.
      const same = Object.entries(input.sameAs).map(([field, value]) =>
        typeof value === 'string' ? { term: { [exactName(field)]: value } } : { term: { [field]: value } },
      );
      const ms = input.anchor.timestampMs;
      const where = (bound: Record<string, number>) => ({
        bool: { filter: [{ range: { [TIMESTAMP]: { ...bound, format: 'epoch_millis' } } }, ...same] },
      });
      // No count: nobody reads a total of logs around a log, and counting them read the whole retention.
      const page = (window: ResolvedRange, query: unknown, sort: unknown, size: number) =>
        run(principal, window, parse({ query, sort, size, track_total_hits: false }), signal);
      /**
       * One side's nearest `wanted` logs: a few minutes first, then windows 8 times wider, each searched for what is
       * still missing, until enough or the retention's edge. The logs around one are almost always minutes away; a
       * search over the whole retention read every log of the host, or of the account, to find ten.
       */
      const side = async (older: boolean, wanted: number): Promise<LogSearchResult['hits']> => {
        const found: LogSearchResult['hits'][number][] = [];
        const edge = older ? ms - retention.fromMs : retention.toMs - ms;
        let reached = 0;
        for (let width = FIRST_WINDOW_MS; found.length < wanted && reached < edge; width *= WIDEN) {
          // Past now only logs from a skewed clock remain: a newer side that reaches now takes the rest at once.
          const far = !older && ms + width >= now ? edge : Math.min(width, edge);
          // (ms - far, ms - reached) older, (ms + reached, ms + far] newer: each slice once, the anchor's ms apart.
          const window: ResolvedRange = older ? { fromMs: ms - far, toMs: ms - reached } : { fromMs: ms + reached + 1, toMs: ms + far + 1 };
          const slice = await page(
            window,
            where({ gte: window.fromMs, lt: window.toMs }),
            older ? NEWEST_FIRST : OLDEST_FIRST,
            wanted - found.length,
          );
          found.push(...slice.hits);
          reached = far;
        }
        return found;
      };
      const anchorMs: ResolvedRange = { fromMs: ms, toMs: ms + 1 };
      // Logs of the anchor's millisecond, in receive order: where the anchor stands among them. (One search per
      // side with search_after over [@timestamp, _doc] would do, but the store cannot page by two keys yet.)
      const [ties, olderHits, newerHits] = await Promise.all([
        page(anchorMs, where({ gte: ms, lte: ms }), [{ _doc: { order: 'asc' } }], MAX_TIES),
        input.older === 0 ? [] : side(true, input.older),
        input.newer === 0 ? [] : side(false, input.newer),
      ]);
      let at = ties.hits.findIndex((hit) => hit.id === input.anchor.id);
      let anchorHit = ties.hits[at];
      if (anchorHit === undefined) {
        // Not among the logs compared (another host): looked up alone, placed after the ties.
        const alone = await page(
          anchorMs,
          { bool: { filter: [where({ gte: ms, lte: ms }).bool.filter[0], { ids: { values: [input.anchor.id] } }] } },
          [],
          1,
        );
        anchorHit = alone.hits[0];
        if (anchorHit === undefined) throw discoverErrors.anchorNotFound(input.anchor.id);
        at = ties.hits.length;
      }
      const before = ties.hits.slice(0, at);
      const afterTies = ties.hits.slice(at + 1).filter((hit) => hit.id !== input.anchor.id);
      // Upwards from the anchor (newer), then downwards (older), nearest first.
      const upwards = [...before.reverse(), ...newerHits].slice(0, input.newer);
      const downwards = [...afterTies, ...olderHits].slice(0, input.older);
      return {
        anchor: esHit(anchorHit, false),
        older: downwards.map((hit) => esHit(hit, false)),
        newer: upwards.map((hit) => esHit(hit, false)).reverse(),
        olderComplete: downwards.length < input.older,
        newerComplete: upwards.length < input.newer,
      };
    },

    /** Templates of the matching logs (src/patterns, as the insights learner finds them), with exact counts over time. */
    async patterns(principal: Principal, input: RangeInput & { readonly query: string }, signal: AbortSignal): Promise<PatternsAnswer> {
      const range = resolveRange(input);
      return findPatterns({ range, query: input.query, run: (body) => run(principal, range, parse(body), signal) });
    },

    /**
     * The matching logs as CSV lines (a header, then newest first unless `sort` says otherwise), at most
     * `limit` (≤ EXPORT_MAX_ROWS): the caller streams them as they come, a page of the engine at a time.
     */
    async *exportCsv(
      principal: Principal,
      input: RangeInput & { readonly query: string; readonly columns: readonly string[]; readonly sort: unknown; readonly limit: number },
      signal: AbortSignal,
    ): AsyncGenerator<string> {
      const range = resolveRange(input);
      const limit = Math.min(EXPORT_MAX_ROWS, Math.max(1, input.limit));
      const columns = input.columns.length === 0 ? ['message'] : input.columns;
      const query = input.query.trim() === '' ? { match_all: {} } : { query_string: { query: input.query, default_operator: 'AND' } };
      // Pages follow each other with search_after: the receive order breaks ties, so none is skipped or repeated.
      const given = input.sort === undefined || input.sort === null ? [{ [TIMESTAMP]: { order: 'desc' } }] : [input.sort].flat();
      const sort = [...given, { _doc: { order: 'asc' } }];
      let after: unknown[] | null = null;
      let written = 0;
      let header = false;
      while (written < limit && !signal.aborted) {
        const size = Math.min(EXPORT_PAGE, limit - written);
        const body: Record<string, unknown> = { query, sort, size, track_total_hits: false };
        if (after !== null) body.search_after = after;
        // The first page before the header: a query that fails, fails before anything is sent.
        const page = await run(principal, range, parse(body), signal);
        if (!header) {
          header = true;
          yield csvLine([TIMESTAMP, ...columns]);
        }
        for (const hit of page.hits) {
          const source = hit.source ?? {};
          yield csvLine([csvValue(valueAt(source, TIMESTAMP)), ...columns.map((column) => csvValue(valueAt(source, column)))]);
        }
        written += page.hits.length;
        const last = page.hits.at(-1)?.sort;
        if (page.hits.length < size || last === undefined || last === null) break;
        after = [...last];
      }
    },
  };
}

/** The field's exact (keyword) value: `host` → `host.keyword`, which the store reads as the keyword either way. */
function exactName(field: string): string {
  return field.endsWith('.keyword') ? field : `${field}.keyword`;
}

/** A (possibly dotted) field of a log, as flattened keys or nested objects. */
export function valueAt(source: Readonly<Record<string, unknown>>, field: string): unknown {
  if (field in source) return source[field];
  let value: unknown = source;
  for (const part of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
