import type { Account } from './account.js';

/** The caller side of the search rule: which account asks, and the main account above it (null: it is one). */
export interface SearchingAccount {
  readonly accountId: number;
  readonly ownerAccountId: number | null;
}

/**
 * May `caller` search `target`, another account? A main account may search its own sub accounts that are
 * marked searchable and are active. The search scope resolver and the alert engine both ask this one rule.
 */
export function isSearchableBy(caller: SearchingAccount, target: Account): boolean {
  return caller.ownerAccountId === null && target.ownerAccountId === caller.accountId && target.searchable && target.active;
}

/** The accounts `caller` may search: itself and, for a main account, every sub account `isSearchableBy` allows. */
export function searchableAmong(caller: Account, tree: readonly Account[]): number[] {
  const asker: SearchingAccount = { accountId: caller.id, ownerAccountId: caller.ownerAccountId };
  return [caller.id, ...tree.filter((member) => member.id !== caller.id && isSearchableBy(asker, member)).map((member) => member.id)];
}
