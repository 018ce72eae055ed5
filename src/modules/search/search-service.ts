/**
 * The search use cases behind /v1/search and /v1/scroll: parse (Logz.io profile) → scope (the one resolver)
 * → LogSearcher.search → Elasticsearch-shaped response. The Elasticsearch-compatible API reuses `execute`.
 */
import {
  resolveAggregationLookups,
  resolveLookups,
  type LookupResolver,
  type parseSearchRequest,
  type QueryAst,
  type SearchProfile,
  type SearchRequest,
} from '../../query/index.js';
import type { Clock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import type {
  GroupMeasure,
  LogSearcher,
  LogSearchQuery,
  LogSearchResult,
  MeasuredGroup,
  SearchScope,
  TypeSelection,
} from '../../storage/log-store.js';
import type { MeasuredBucket } from '../../detection/index.js';
import { bucketPartialsOf, bucketRequest, type SlidableMeasure } from './bucket-measures.js';
import { searchErrors } from './search-errors.js';
import { resolveSearchScope, type AccountLookup, type ScopeInput } from './search-scope.js';
import { hitsObject, logzioSearchResponse, type LogzioSearchResponse } from './es-hits-wire.js';
import { viewKeyOf } from './principal-view.js';
import { createScrollStore, parseTimeValue, type ScrollContext, type ScrollStore } from './scroll-store.js';

export interface SearchServiceDeps {
  readonly logStore: Pick<LogSearcher, 'search' | 'measureGroups'>;
  readonly clock: Clock;
  readonly getAccount: AccountLookup;
  readonly parseSearchRequest: typeof parseSearchRequest;
  /** Fills in the lookup lists a query names (decision 0451); without it a query naming one is refused. */
  readonly lookups?: LookupResolver;
  /** Where open scrolls live (default: this process's memory; the app shares them through the control plane). */
  readonly scrolls?: ScrollStore;
}

export interface LogzioSearchOptions {
  /** `accountIds` of the query string (wins over the body's). */
  readonly accountIds: readonly number[] | undefined;
  readonly dayOffset: number | undefined;
}

export interface ExecuteInput {
  readonly principal: Principal;
  readonly request: SearchRequest;
  readonly window: ScopeInput['window'];
  readonly requestedAccountIds: readonly number[] | null;
  readonly types: TypeSelection | null;
  /** Scroll: pin the snapshot at this receive time. */
  readonly receivedAtMostMs?: number | null;
  /** Alert evaluation and other work nobody waits on: it yields the engine to interactive searches. */
  readonly background?: boolean;
  /** Aborted when the caller stops waiting (the client left, or cancelled): the store stops the search's statements. */
  readonly signal?: AbortSignal;
}

/** Background work over a window [fromMs, toMs) of accounts a principal may search (detection questions). */
export interface WindowInput {
  readonly principal: Principal;
  readonly requestedAccountIds: readonly number[];
  readonly fromMs: number;
  readonly toMs: number;
  /** Log types never counted. */
  readonly excludedTypes: readonly string[];
  /** Accounts whose lookup lists the conditions name, first match wins (default: the principal's account). */
  readonly lookupAccountIds?: readonly number[];
}

export interface MeasureInput extends WindowInput {
  readonly conditions: readonly QueryAst[];
  readonly groupBy: readonly string[];
  readonly measure: GroupMeasure;
  readonly maxGroups: number;
}

export interface BucketInput extends WindowInput {
  readonly condition: QueryAst;
  readonly groupBy: readonly string[];
  readonly measure: SlidableMeasure;
  /** The window is whole buckets of this length (epoch-aligned). */
  readonly bucketMs: number;
  readonly maxGroups: number;
}

export interface SampleInput extends WindowInput {
  readonly condition: QueryAst;
  readonly limit: number;
}

const LOGZIO_SCROLL_MAX_MS = 5 * 60_000;
const LOGZIO_SCROLL_DEFAULT = '1m';
const SCROLL_MAX_PAGE = 1000;

export type SearchService = ReturnType<typeof createSearchService>;

/** A plain page of hits sorted by `@timestamp`, newest first; `query` and `size` are set per request. */
const sampleRequestBase: SearchRequest = {
  query: { kind: 'match_all', boost: 1 },
  from: 0,
  size: 0,
  sort: [{ kind: 'field', field: '@timestamp', order: 'desc', missing: '_last', unmappedType: null, mode: null, format: null }],
  source: { enabled: true, includes: [], excludes: [] },
  postFilter: null,
  docvalueFields: [],
  storedFields: null,
  version: false,
  highlight: null,
  aggregations: [],
  trackTotalHits: false,
  searchAfter: null,
  timeoutMs: null,
  terminateAfter: null,
  trackScores: false,
  dayOffset: null,
  accountIds: null,
};

function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || body === undefined) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw searchErrors.searchBodyNotAnObject();
  return body as Record<string, unknown>;
}

export function createSearchService(deps: SearchServiceDeps) {
  const { logStore, clock } = deps;
  const scrolls = deps.scrolls ?? createScrollStore(clock);

  /**
   * The query with its lookup lists' members as they are now: each run of a query (a search, a scroll's opening,
   * an alert's evaluation) sees the list's current elements. Lists are the principal's account's.
   */
  function withLookups(principal: Principal, query: QueryAst, nowMs: number, listAccounts?: readonly number[]): Promise<QueryAst> {
    return resolveLookups(query, (reference) => {
      if (deps.lookups === undefined) throw searchErrors.lookupsUnavailable(reference);
      return deps.lookups.resolve(listAccounts ?? [principal.accountId], reference, nowMs);
    });
  }

  async function requestWithLookups(principal: Principal, request: SearchRequest, nowMs: number): Promise<SearchRequest> {
    const query = await withLookups(principal, request.query, nowMs);
    const postFilter = request.postFilter === null ? null : await withLookups(principal, request.postFilter, nowMs);
    const aggregations = await resolveAggregationLookups(request.aggregations, (nested) => withLookups(principal, nested, nowMs));
    return query === request.query && postFilter === request.postFilter && aggregations === request.aggregations
      ? request
      : { ...request, query, postFilter, aggregations };
  }

  function parse(body: unknown, profile: SearchProfile): SearchRequest {
    return deps.parseSearchRequest(body, { now: clock.now(), profile });
  }

  async function execute(input: ExecuteInput): Promise<{ result: LogSearchResult; scopeQuery: LogSearchQuery }> {
    const nowMs = clock.now();
    const scope = await resolveSearchScope(
      { principal: input.principal, requestedAccountIds: input.requestedAccountIds, window: input.window, types: input.types, nowMs },
      deps.getAccount,
    );
    const scopeQuery: LogSearchQuery = {
      scope,
      request: await requestWithLookups(input.principal, input.request, nowMs),
      receivedAtMostMs: input.receivedAtMostMs ?? null,
      after: null,
      background: input.background === true,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    };
    return { result: await logStore.search(scopeQuery), scopeQuery };
  }

  /** The scope of a window: retention as for any search, narrowed to [fromMs, toMs). */
  async function windowScope(input: WindowInput): Promise<SearchScope> {
    const scope = await resolveSearchScope(
      {
        principal: input.principal,
        requestedAccountIds: input.requestedAccountIds,
        window: { kind: 'retention' },
        types: null,
        nowMs: clock.now(),
      },
      deps.getAccount,
    );
    return {
      ...scope,
      accounts: scope.accounts.map((a) => ({ accountId: a.accountId, fromMs: Math.max(a.fromMs, input.fromMs) })),
      toMs: input.toMs,
    };
  }

  /** Typed measures of groups of matching logs, in the background (LogStore.measureGroups). */
  async function measureGroups(input: MeasureInput): Promise<MeasuredGroup[][]> {
    const scope = await windowScope(input);
    const nowMs = clock.now();
    const conditions = await Promise.all(
      input.conditions.map((condition) => withLookups(input.principal, condition, nowMs, input.lookupAccountIds)),
    );
    const measure =
      input.measure.kind === 'share'
        ? { ...input.measure, condition: await withLookups(input.principal, input.measure.condition, nowMs, input.lookupAccountIds) }
        : input.measure;
    return logStore.measureGroups({
      scope,
      conditions,
      groupBy: input.groupBy,
      measure,
      excludedTypes: input.excludedTypes,
      maxGroups: input.maxGroups,
      background: true,
    });
  }

  /**
   * A question's partials per time bucket of the window, in the background (the exact preview, decision 0780);
   * undefined when a bucket had more groups than `maxGroups`.
   */
  async function measureBuckets(input: BucketInput): Promise<MeasuredBucket[] | undefined> {
    const scope = await windowScope(input);
    const nowMs = clock.now();
    const condition = await withLookups(input.principal, input.condition, nowMs, input.lookupAccountIds);
    const measure =
      input.measure.kind === 'share'
        ? { ...input.measure, condition: await withLookups(input.principal, input.measure.condition, nowMs, input.lookupAccountIds) }
        : input.measure;
    const request = bucketRequest(
      sampleRequestBase,
      condition,
      input.excludedTypes,
      input.groupBy,
      measure,
      input.bucketMs,
      input.maxGroups,
    );
    const result = await logStore.search({ scope, request, receivedAtMostMs: null, after: null, background: true });
    return bucketPartialsOf(result.aggregations, input.groupBy, measure);
  }

  /** Up to `limit` matching logs of the window, newest first, as their `_source`. */
  async function sampleLogs(input: SampleInput): Promise<Readonly<Record<string, unknown>>[]> {
    const scope = await windowScope(input);
    const condition = await withLookups(input.principal, input.condition, clock.now(), input.lookupAccountIds);
    const excluded: QueryAst[] =
      input.excludedTypes.length === 0 ? [] : [{ kind: 'terms', field: 'type', values: [...input.excludedTypes], boost: 1 }];
    const query: QueryAst =
      excluded.length === 0
        ? condition
        : { kind: 'bool', must: [condition], should: [], mustNot: excluded, filter: [], minimumShouldMatch: null, boost: 1 };
    const request: SearchRequest = {
      ...sampleRequestBase,
      query,
      size: input.limit,
    };
    const result = await logStore.search({ scope, request, receivedAtMostMs: null, after: null, background: true });
    return result.hits.map((hit) => hit.source ?? {});
  }

  /** Opens a scroll over `input` and returns its id and first page. */
  async function openScroll(
    input: ExecuteInput,
    pageSize: number,
    keepAliveMs: number,
  ): Promise<{ scrollId: string; result: LogSearchResult }> {
    const snapshot = clock.now();
    const request: SearchRequest = { ...input.request, size: pageSize };
    const { result, scopeQuery } = await execute({ ...input, request, receivedAtMostMs: snapshot });
    // Later pages are asked for one by one: the opening request's signal is not theirs.
    const { signal: _opening, ...pageQuery } = scopeQuery;
    const scrollId = await scrolls.open({
      owner: viewKeyOf(input.principal),
      // Later pages continue after the cursor: no offset, no aggregations, lookup lists as resolved at the opening.
      query: { ...pageQuery, request: { ...scopeQuery.request, from: 0, aggregations: [] } },
      pageSize,
      total: result.total,
      cursor: result.lastCursor,
      finished: result.hits.length === 0,
      keepAliveMs,
    });
    return { scrollId, result };
  }

  /** The next page of a scroll, or 404 when it is unknown or expired. */
  async function continueScroll(
    principal: Principal,
    scrollId: string,
    keepAliveMs: number | undefined,
  ): Promise<{ context: ScrollContext; result: LogSearchResult }> {
    const context = await scrolls.get(scrollId, viewKeyOf(principal));
    if (context === undefined) throw searchErrors.scrollExpired();
    context.keepAliveMs = keepAliveMs ?? context.keepAliveMs;
    context.expiresAtMs = clock.now() + context.keepAliveMs;
    if (context.finished || context.cursor === null) {
      await scrolls.save(scrollId, context);
      return { context, result: { total: context.total, maxScore: null, hits: [], aggregations: null, lastCursor: null } };
    }
    const result = await logStore.search({ ...context.query, after: context.cursor });
    context.cursor = result.lastCursor ?? context.cursor;
    context.finished = result.hits.length === 0;
    await scrolls.save(scrollId, context);
    return { context, result: { ...result, total: context.total } };
  }

  function scrollKeepAlive(value: unknown, maxMs: number, fallback: string): number {
    const text = value === undefined ? fallback : String(value);
    const ms = parseTimeValue(text);
    if (ms === undefined) throw searchErrors.badScrollKeepAlive(text);
    if (ms > maxMs) throw searchErrors.scrollKeepAliveTooLong(maxMs);
    return ms;
  }

  return {
    execute,
    measureGroups,
    measureBuckets,
    sampleLogs,
    openScroll,
    continueScroll,
    scrollKeepAlive,
    parse,
    clearScroll: (principal: Principal, scrollId: string): Promise<boolean> => scrolls.delete(scrollId, viewKeyOf(principal)),

    /** POST /v1/search. */
    async search(principal: Principal, body: unknown, options: LogzioSearchOptions): Promise<LogzioSearchResponse> {
      const started = clock.now();
      const request = parse(body, 'logzio');
      const { result } = await execute({
        principal,
        request,
        window: { kind: 'two-days', dayOffset: options.dayOffset ?? request.dayOffset ?? 0 },
        requestedAccountIds: options.accountIds ?? request.accountIds,
        types: null,
      });
      return logzioSearchResponse(result, request.version, clock.now() - started);
    },

    /** POST /v1/scroll: opens with a search body, continues with `scroll_id`. */
    async scroll(principal: Principal, rawBody: unknown): Promise<{ code: number; scrollId: string; hits: string }> {
      const body = objectBody(rawBody);
      const scrollId = body.scroll_id;
      if (scrollId !== undefined) {
        if (body.query !== undefined) throw searchErrors.scrollIdWithQuery();
        if (typeof scrollId !== 'string') throw searchErrors.scrollIdNotAString();
        const keepAlive = body.scroll === undefined ? undefined : scrollKeepAlive(body.scroll, LOGZIO_SCROLL_MAX_MS, LOGZIO_SCROLL_DEFAULT);
        const { result } = await continueScroll(principal, scrollId, keepAlive);
        return { code: 200, scrollId, hits: JSON.stringify(hitsObject(result, 'number', false)) };
      }
      const { scroll, ...searchBody } = body;
      for (const field of ['dayOffset', 'accountIds']) {
        if (field in searchBody) throw searchErrors.notSupportedByScroll(field);
      }
      const size = searchBody.size ?? 10;
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > SCROLL_MAX_PAGE) {
        throw searchErrors.scrollPageTooLarge(SCROLL_MAX_PAGE);
      }
      const keepAliveMs = scrollKeepAlive(scroll, LOGZIO_SCROLL_MAX_MS, LOGZIO_SCROLL_DEFAULT);
      const request = parse(searchBody, 'logzio');
      const opened = await openScroll(
        { principal, request, window: { kind: 'two-days', dayOffset: 0 }, requestedAccountIds: null, types: null },
        size,
        keepAliveMs,
      );
      return { code: 200, scrollId: opened.scrollId, hits: JSON.stringify(hitsObject(opened.result, 'number', false)) };
    },
  };
}
