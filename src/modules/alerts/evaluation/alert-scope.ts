import type { SubAlert } from '../definition/alert.js';

export interface AccountScopeDeps {
  /** The accounts an account may search: itself and, for a main account, its searchable sub accounts. */
  readonly searchableAccountIds: (accountId: number) => Promise<readonly number[]>;
}

/**
 * The accounts a sub-component queries: those it names (still only if searchable now, since access
 * may have changed since it was saved), all searchable ones, or the alert's own account.
 */
export async function accountIdsOf(deps: AccountScopeDeps, accountId: number, sub: SubAlert): Promise<number[]> {
  const named = sub.queryDefinition.accountIdsToQueryOn ?? [];
  if (named.length === 0 && !sub.queryDefinition.shouldQueryOnAllAccounts) return [accountId];
  const searchable = await deps.searchableAccountIds(accountId);
  if (named.length === 0) return [...searchable];
  const allowed = new Set(searchable);
  return named.filter((id) => allowed.has(id));
}
