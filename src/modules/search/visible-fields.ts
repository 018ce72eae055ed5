import type { Clock } from '../../shared/clock.js';
import { filtersOf, type Principal } from '../../shared/principal.js';
import type { CatalogField } from '../../storage/log-store.js';
import { viewKeyOf } from './principal-view.js';
import type { SearchService } from './search-service.js';

/** `exists` tests per search: one `filters` aggregation each, kept well inside the engine's statement sizes. */
const FIELDS_PER_SEARCH = 200;

/**
 * The catalog fields some log `principal` may read holds (decision 0615). The catalog is per account; a filtered
 * principal (a shared token) must not learn from it the fields of logs its filters hide, so each field is tested
 * with `exists` under the principal's own search scope, over the whole retention. Object fields stay when one of
 * their leaves does.
 */
export async function fieldsVisibleTo(
  search: SearchService,
  principal: Principal,
  catalog: readonly CatalogField[],
): Promise<CatalogField[]> {
  const leaves = catalog.filter((field) => field.type !== 'object');
  const visible = new Set<string>();
  for (let start = 0; start < leaves.length; start += FIELDS_PER_SEARCH) {
    const chunk = leaves.slice(start, start + FIELDS_PER_SEARCH);
    const filters = Object.fromEntries(chunk.map((field, i) => [String(i), { exists: { field: field.name } }]));
    const request = search.parse({ size: 0, track_total_hits: false, aggs: { present: { filters: { filters } } } }, 'elasticsearch');
    const { result } = await search.execute({ principal, request, window: { kind: 'retention' }, requestedAccountIds: null, types: null });
    const buckets = (result.aggregations?.present as { buckets?: Record<string, { doc_count?: number }> } | undefined)?.buckets ?? {};
    chunk.forEach((field, i) => {
      if ((buckets[String(i)]?.doc_count ?? 0) > 0) visible.add(field.name);
    });
  }
  const names = [...visible];
  return catalog.filter(
    (field) => visible.has(field.name) || (field.type === 'object' && names.some((name) => name.startsWith(`${field.name}.`))),
  );
}

/** How long a filtered view's field list is reused: clients ask for it per editor and panel, it changes slowly. */
const VISIBLE_FIELDS_TTL_MS = 30_000;
/** Views remembered at most; past it the oldest go (one entry per shared token in use). */
const VISIBLE_FIELDS_VIEWS_MAX = 1000;

/**
 * `fieldsVisibleTo` with a short cache per view and filters: the key holds the filters themselves, so a token whose
 * filters were just narrowed never reads the list of its wider past.
 */
export function createVisibleFieldsCache(search: SearchService, clock: Clock) {
  const cache = new Map<string, { atMs: number; fields: Promise<CatalogField[]> }>();
  return (principal: Principal, catalog: readonly CatalogField[]): Promise<CatalogField[]> => {
    const now = clock.now();
    const key = `${viewKeyOf(principal)}|${catalog.length}|${JSON.stringify(filtersOf(principal))}`;
    const hit = cache.get(key);
    if (hit !== undefined && now - hit.atMs < VISIBLE_FIELDS_TTL_MS) return hit.fields;
    const fields = fieldsVisibleTo(search, principal, catalog);
    cache.delete(key);
    cache.set(key, { atMs: now, fields });
    fields.catch(() => cache.delete(key));
    for (const oldest of cache.keys()) {
      if (cache.size <= VISIBLE_FIELDS_VIEWS_MAX) break;
      cache.delete(oldest);
    }
    return fields;
  };
}
