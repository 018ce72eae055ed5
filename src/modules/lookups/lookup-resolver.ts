import type { LookupMembers, LookupResolver } from '../../query/index.js';
import { parseCidr } from '../../shared/cidr.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { lookupErrors } from './lookup-errors.js';
import { isGuid, type LookupList } from './lookup.js';
import { lookupElementRepository, lookupListRepository } from './lookup-repository.js';

interface CachedList {
  readonly version: number;
  readonly members: readonly { readonly value: string; readonly expiresAt: number | null }[];
}

/** Lists whose elements stay in memory at most (a 100,000-element list is a few MB). */
const CACHED_LISTS = 64;

/**
 * The lookups module's LookupResolver: a list by GUID, else by name, within the given accounts; its elements cached by
 * the list's version (every element change bumps it, so one small read proves the cache fresh on each query), and
 * expired ones dropped at `nowMs` on every resolution: an element past its expiry never matches, cleaned up or not.
 */
export function createLookupResolver(db: ControlPlaneDb): LookupResolver {
  const cache = new Map<string, CachedList>();

  async function find(accountIds: readonly number[], reference: string): Promise<LookupList> {
    if (isGuid(reference)) {
      for (const accountId of accountIds) {
        const byId = await lookupListRepository.get(db, accountId, reference.toLowerCase());
        if (byId !== undefined) return byId;
      }
    }
    for (const accountId of accountIds) {
      const named = await lookupListRepository.byName(db, accountId, reference);
      const [only] = named;
      if (only === undefined) continue;
      if (named.length > 1)
        throw lookupErrors.ambiguousList(
          reference,
          named.map((l) => l.id),
        );
      return only;
    }
    throw lookupErrors.unknownList(reference);
  }

  async function cached(list: LookupList): Promise<CachedList> {
    const hit = cache.get(list.id);
    if (hit !== undefined && hit.version === list.version) {
      cache.delete(list.id);
      cache.set(list.id, hit);
      return hit;
    }
    const fresh: CachedList = { version: list.version, members: await lookupElementRepository.members(db, list.id) };
    // Written only if no newer version raced in while the elements were read.
    if ((await lookupListRepository.version(db, list.id)) === list.version) {
      cache.delete(list.id);
      cache.set(list.id, fresh);
      const oldest = cache.keys().next();
      if (cache.size > CACHED_LISTS && oldest.done !== true) cache.delete(oldest.value);
    }
    return fresh;
  }

  return {
    async resolve(accountIds, reference, nowMs): Promise<LookupMembers> {
      const list = await find(accountIds, reference);
      const { members } = await cached(list);
      const values: string[] = [];
      const networks: string[] = [];
      for (const member of members) {
        if (member.expiresAt !== null && member.expiresAt <= nowMs) continue;
        if (member.value.includes('/') && parseCidr(member.value) !== undefined) networks.push(member.value.trim());
        else values.push(member.value);
      }
      return { listId: list.id, values, networks };
    },
  };
}
