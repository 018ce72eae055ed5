import type { Clock } from '../../../../shared/clock.js';
import type { SearchCatalogField } from '../../field-catalog.js';

type Catalogs = ReadonlyMap<number, readonly SearchCatalogField[]>;

/**
 * The field catalog as search reads it, kept per account for a few seconds: every search needs it before it can
 * compile, and it changes only when logs bring new fields. Appends in this process invalidate at once; another
 * process's appends are seen within the TTL.
 */
export interface CatalogReadCache {
  read(accountIds: readonly number[]): Promise<Catalogs>;
  invalidate(accountIds: Iterable<number>): void;
}

const TTL_MS = 5000;

export function createCatalogReadCache(read: (accountIds: readonly number[]) => Promise<Catalogs>, clock: Clock): CatalogReadCache {
  const cached = new Map<number, { atMs: number; fields: readonly SearchCatalogField[] }>();
  return {
    async read(accountIds) {
      const now = clock.now();
      const out = new Map<number, readonly SearchCatalogField[]>();
      const missing: number[] = [];
      for (const id of accountIds) {
        const hit = cached.get(id);
        if (hit !== undefined && now - hit.atMs < TTL_MS) out.set(id, hit.fields);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const fresh = await read(missing);
        for (const id of missing) {
          const fields = fresh.get(id) ?? [];
          cached.set(id, { atMs: now, fields });
          out.set(id, fields);
        }
      }
      return out;
    },
    invalidate(accountIds) {
      for (const id of accountIds) cached.delete(id);
    },
  };
}
