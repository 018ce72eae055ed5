import type { SubAlert } from '../../../detection/index.js';

export interface SecurityScopeDeps {
  /** The main account owning an account (null when it is itself main or gone). */
  readonly ownerOf: (accountId: number) => Promise<number | null>;
  /** The accounts a security account scans (owner first). */
  readonly scannedAccountIds: (accountId: number) => Promise<readonly number[]>;
  /** The accounts an account may search: itself and, for a main account, its searchable sub accounts. */
  readonly searchableAccountIds: (accountId: number) => Promise<readonly number[]>;
}

export interface RuleScope {
  /** The account the logs are searched as: the main account owning the security account. */
  readonly searcherAccountId: number;
  readonly accountIds: readonly number[];
}

/**
 * The logs a security rule's sub-component reads (decision 0401): the accounts its security account scans, searched
 * as their main account — so a sub account is read only while the main account may search it — narrowed to
 * `accountIdsToQueryOn` when it names some. Empty: the rule reads nothing.
 */
export async function ruleScope(deps: SecurityScopeDeps, securityAccountId: number, sub: SubAlert): Promise<RuleScope> {
  return narrowed(await accountScope(deps, securityAccountId), sub);
}

/** The scope of a whole security account, before a sub-component narrows it. */
export async function accountScope(deps: SecurityScopeDeps, securityAccountId: number): Promise<RuleScope> {
  const owner = await deps.ownerOf(securityAccountId);
  if (owner === null) return { searcherAccountId: securityAccountId, accountIds: [] };
  const searchable = new Set(await deps.searchableAccountIds(owner));
  const scanned = (await deps.scannedAccountIds(securityAccountId)).filter((id) => searchable.has(id));
  return { searcherAccountId: owner, accountIds: scanned };
}

/** A sub-component's part of its account's scope: the accounts it names, or all of them. */
export function narrowed(scope: RuleScope, sub: SubAlert): RuleScope {
  const named = sub.queryDefinition.accountIdsToQueryOn ?? [];
  return named.length === 0 ? scope : { ...scope, accountIds: scope.accountIds.filter((id) => named.includes(id)) };
}
