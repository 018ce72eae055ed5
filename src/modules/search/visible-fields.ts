import type { Principal } from '../../shared/principal.js';
import type { CatalogField } from '../../storage/log-store.js';
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
