/**
 * The Elasticsearch-compatible read API (Grafana, scripts, the conformance suite): `_search`, `_count`,
 * `_msearch`, scroll, `_mapping`, `_field_caps`. Index names select log types of the token's account, over
 * everything the account still retains (clients send their own time range).
 */
import type { SearchRequest } from '../../query/index.js';
import type { Clock } from '../../shared/clock.js';
import { filtersOf, type Principal } from '../../shared/principal.js';
import type { CatalogField, LogSearcher, LogSearchResult, TypeSelection } from '../../storage/log-store.js';
import { bodyWithParams, withoutTransportKeys, type EsParams } from './es-request.js';
import { createIndexLister, selectIndices, type IndexInfo } from './es-indices.js';
import { catIndices, indexStats, resolveIndex } from './es-indices-wire.js';
import { concreteIndexNames, parseIndexExpression } from './index-expression.js';
import { mappingProperties, fieldCaps } from './es-mapping-wire.js';
import { searchErrors } from './search-errors.js';
import { searchResponse } from './es-hits-wire.js';
import type { SearchService } from './search-service.js';
import { createVisibleFieldsCache } from './visible-fields.js';

const ES_SCROLL_MAX_MS = 24 * 3_600_000;

export interface EsCompatDeps {
  readonly search: SearchService;
  readonly logStore: Pick<LogSearcher, 'fieldCatalog'>;
  readonly clock: Clock;
  /** An error as Elasticsearch reports one item of `_msearch` (`{error, status}`), from the HTTP edge's table. */
  readonly describeError: (error: unknown) => Record<string, unknown>;
}

export type EsCompatService = ReturnType<typeof createEsCompatService>;

function objectOf(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw searchErrors.bodyNotAnObject(what);
  return value as Record<string, unknown>;
}

export function createEsCompatService(deps: EsCompatDeps) {
  const { search, clock } = deps;
  const listIndices = createIndexLister(search, deps.clock);
  const visibleFields = createVisibleFieldsCache(search, deps.clock);

  /** The selection of an index expression; 404 for a concrete name no log has (unless ignore_unavailable). */
  async function selection(principal: Principal, index: string | undefined, ignoreUnavailable: boolean): Promise<TypeSelection | null> {
    const selected = parseIndexExpression(index);
    const concrete = concreteIndexNames(selected);
    if (concrete.length === 0 || ignoreUnavailable) return selected;
    const known = async (fresh: boolean) => new Set((await listIndices(principal, fresh)).map((i) => i.name));
    let existing = await known(false);
    // A type written since the list was cached is not missing: look again before answering 404.
    if (concrete.some((name) => !existing.has(name))) existing = await known(true);
    const missing = concrete.find((name) => !existing.has(name));
    if (missing !== undefined) throw searchErrors.noSuchIndex(missing);
    return selected;
  }

  async function run(
    principal: Principal,
    index: string | undefined,
    body: Record<string, unknown>,
    params: EsParams,
  ): Promise<{ request: SearchRequest; result: LogSearchResult; scrollId?: string; took: number }> {
    const started = clock.now();
    const request = search.parse(withoutTransportKeys(body), 'elasticsearch');
    const types = await selection(principal, index, String(params.ignore_unavailable) === 'true');
    const scroll = params.scroll ?? body.scroll;
    if (scroll !== undefined) {
      const keepAlive = search.scrollKeepAlive(scroll, ES_SCROLL_MAX_MS, '1m');
      // A scroll counts every match, as Elasticsearch's does (it refuses to bound the count in a scroll context).
      const opened = await search.openScroll(
        { principal, request: { ...request, trackTotalHits: true }, window: { kind: 'retention' }, requestedAccountIds: null, types },
        request.size,
        keepAlive,
      );
      return { request, result: opened.result, scrollId: opened.scrollId, took: clock.now() - started };
    }
    const { result } = await search.execute({ principal, request, window: { kind: 'retention' }, requestedAccountIds: null, types });
    return { request, result, took: clock.now() - started };
  }

  function shape(
    out: { request: SearchRequest; result: LogSearchResult; scrollId?: string; took: number },
    params: EsParams,
  ): Record<string, unknown> {
    const style = String(params.rest_total_hits_as_int) === 'true' ? 'number' : 'object';
    const response = searchResponse(out.result, style, out.request.version, out.took);
    return out.scrollId === undefined ? response : { _scroll_id: out.scrollId, ...response };
  }

  return {
    async search(principal: Principal, index: string | undefined, body: unknown, params: EsParams): Promise<Record<string, unknown>> {
      const merged = bodyWithParams(objectOf(body, 'The search body'), params);
      return shape(await run(principal, index, merged, params), params);
    },

    async count(principal: Principal, index: string | undefined, body: unknown, params: EsParams): Promise<Record<string, unknown>> {
      const merged = bodyWithParams(objectOf(body, 'The count body'), params, true);
      // _count is exact: the search's bound on its total (10,000 by default) does not apply.
      const out = await run(principal, index, { ...merged, size: 0, track_total_hits: true }, params);
      return { count: out.result.total, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } };
    },

    async msearch(principal: Principal, index: string | undefined, text: string, params: EsParams): Promise<Record<string, unknown>> {
      const started = clock.now();
      const lines = text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      if (lines.length % 2 !== 0) throw searchErrors.unpairedMsearchLines();
      const responses: Record<string, unknown>[] = [];
      for (let i = 0; i < lines.length; i += 2) {
        try {
          const header = objectOf(JSON.parse(lines[i] ?? '{}'), 'An msearch header');
          const body = objectOf(JSON.parse(lines[i + 1] ?? '{}'), 'An msearch body');
          const headerIndex = Array.isArray(header.index)
            ? header.index.join(',')
            : typeof header.index === 'string'
              ? header.index
              : index;
          const itemParams = { ...params, ...header };
          responses.push({ ...shape(await run(principal, headerIndex, bodyWithParams(body, {}), itemParams), itemParams), status: 200 });
        } catch (error) {
          responses.push(deps.describeError(error));
        }
      }
      return { took: clock.now() - started, responses };
    },

    async scroll(principal: Principal, body: unknown, params: EsParams): Promise<Record<string, unknown>> {
      const started = clock.now();
      const merged = { ...objectOf(body, 'The scroll body'), ...params };
      const scrollId = merged.scroll_id;
      if (typeof scrollId !== 'string' || scrollId === '') throw searchErrors.scrollIdRequired();
      const keepAlive = merged.scroll === undefined ? undefined : search.scrollKeepAlive(merged.scroll, ES_SCROLL_MAX_MS, '1m');
      const { context, result } = await search.continueScroll(principal, scrollId, keepAlive);
      const style = String(params.rest_total_hits_as_int) === 'true' ? 'number' : 'object';
      return { _scroll_id: scrollId, ...searchResponse(result, style, context.query.request.version, clock.now() - started) };
    },

    async clearScroll(principal: Principal, body: unknown, params: EsParams): Promise<Record<string, unknown>> {
      const merged = { ...objectOf(body, 'The clear-scroll body'), ...params };
      const ids = Array.isArray(merged.scroll_id)
        ? merged.scroll_id.map(String)
        : typeof merged.scroll_id === 'string'
          ? merged.scroll_id.split(',')
          : [];
      let freed = 0;
      for (const id of ids) if (await search.clearScroll(principal, id)) freed += 1;
      return { succeeded: true, num_freed: freed };
    },

    async catIndices(principal: Principal, index: string | undefined, params: EsParams): Promise<Record<string, string>[]> {
      return catIndices(await indices(principal, index), params);
    },

    async stats(principal: Principal, index: string | undefined): Promise<Record<string, unknown>> {
      return indexStats(await indices(principal, index));
    },

    async resolveIndex(principal: Principal, index: string): Promise<Record<string, unknown>> {
      return resolveIndex(await indices(principal, index));
    },

    async mapping(principal: Principal, index: string | undefined): Promise<Record<string, unknown>> {
      const names = await indexNames(principal, index);
      const catalog = await fieldsOf(principal);
      const properties = mappingProperties(catalog);
      return Object.fromEntries(names.map((name) => [name, { mappings: { properties } }]));
    },

    async fieldCaps(principal: Principal, index: string | undefined, params: EsParams, body: unknown): Promise<Record<string, unknown>> {
      const request = objectOf(body, 'The field_caps body');
      if (request.index_filter !== undefined) {
        // Validated as Elasticsearch does; the catalog is per account, so it does not narrow the fields.
        if (typeof request.index_filter !== 'object' || request.index_filter === null || Object.keys(request.index_filter).length === 0) {
          throw searchErrors.indexFilterNotAQuery();
        }
        search.parse({ query: request.index_filter }, 'elasticsearch');
      }
      const names = await indexNames(principal, index);
      const requested = [params.fields, request.fields].flatMap((v) =>
        Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [],
      );
      return { indices: names, fields: fieldCaps(await fieldsOf(principal), requested.length === 0 ? ['*'] : requested) };
    },
  };

  async function indices(principal: Principal, index: string | undefined): Promise<IndexInfo[]> {
    const selected = await selection(principal, index, false);
    return selectIndices(await listIndices(principal), selected);
  }

  async function indexNames(principal: Principal, index: string | undefined): Promise<string[]> {
    return (await indices(principal, index)).map((i) => i.name);
  }

  /** The account's fields; for a filtered principal only those of logs its filters let it read (decision 0615). */
  async function fieldsOf(principal: Principal): Promise<readonly CatalogField[]> {
    const catalogs = await deps.logStore.fieldCatalog([principal.accountId]);
    const catalog = catalogs.get(principal.accountId) ?? [];
    return filtersOf(principal).length === 0 ? catalog : visibleFields(principal, catalog);
  }
}
