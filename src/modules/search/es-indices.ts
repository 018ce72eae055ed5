/**
 * The "indices" of the Elasticsearch-compatible API: the log types an account holds, with their log counts and
 * bytes, for index existence checks, `_cat/indices`, `_stats` and `_resolve/index`.
 */
import { termsAggregation, type NamedAggregation, type SearchRequest } from '../../query/index.js';
import type { Clock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import { viewKeyOf } from './principal-view.js';
import type { TypeSelection } from '../../storage/log-store.js';
import { globMatches } from './index-expression.js';
import type { SearchService } from './search-service.js';

export interface IndexInfo {
  readonly name: string;
  readonly docCount: number;
  readonly sizeBytes: number;
}

const MAX_TYPES = 1000;

function indicesRequest(template: SearchRequest): SearchRequest {
  const bytes: NamedAggregation = {
    name: 'bytes',
    meta: null,
    aggregation: { kind: 'sum', field: 'LogSize', missing: null, sigma: null, precisionThreshold: null },
  };
  const types: NamedAggregation = {
    name: 'types',
    meta: null,
    aggregation: termsAggregation('_index', MAX_TYPES, { order: [{ by: '_key', order: 'asc' }], aggregations: [bytes] }),
  };
  return {
    ...template,
    query: { kind: 'match_all', boost: 1 },
    size: 0,
    from: 0,
    sort: [],
    aggregations: [types],
    postFilter: null,
    searchAfter: null,
    highlight: null,
  };
}

/** Every log type of the caller's account (everything it retains), by name. */
async function queryIndices(search: SearchService, principal: Principal): Promise<IndexInfo[]> {
  const request = indicesRequest(search.parse({}, 'elasticsearch'));
  const { result } = await search.execute({ principal, request, window: { kind: 'retention' }, requestedAccountIds: null, types: null });
  const buckets =
    (result.aggregations?.types as { buckets?: { key: unknown; doc_count: number; bytes?: { value: number } }[] } | undefined)?.buckets ??
    [];
  return buckets.map((b) => ({ name: String(b.key), docCount: b.doc_count, sizeBytes: b.bytes?.value ?? 0 }));
}

/** How long an account's index list is reused: existence checks run on every request naming an index. */
const INDEX_LIST_TTL_MS = 2000;

/** `fresh`: bypass the cache (before answering that an index does not exist). */
export type IndexLister = (principal: Principal, fresh?: boolean) => Promise<IndexInfo[]>;

/** Lists indices with a short cache per view (`viewKeyOf`); a name the cache lacks is looked up again before a 404. */
export function createIndexLister(search: SearchService, clock: Clock): IndexLister {
  const cache = new Map<string, { atMs: number; indices: Promise<IndexInfo[]> }>();
  return (principal, fresh = false) => {
    const now = clock.now();
    const view = viewKeyOf(principal);
    const hit = cache.get(view);
    if (!fresh && hit !== undefined && now - hit.atMs < INDEX_LIST_TTL_MS) return hit.indices;
    const indices = queryIndices(search, principal);
    cache.set(view, { atMs: now, indices });
    indices.catch(() => cache.delete(view));
    return indices;
  };
}

export function selectIndices(indices: readonly IndexInfo[], selection: TypeSelection | null): IndexInfo[] {
  if (selection === null) return [...indices];
  return indices.filter(
    (i) => selection.include.some((g) => globMatches(g, i.name)) && !selection.exclude.some((g) => globMatches(g, i.name)),
  );
}
