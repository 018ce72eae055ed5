import { lookupReferences, type LookupResolver } from '../../query/index.js';
import { isAppError } from '../../shared/app-error.js';
import type { AlertFilters } from './rule-definition.js';
import { conditionOf } from './rule-conditions.js';

/** A sub-component naming a lookup list it cannot use, and why (the resolver's message). */
export interface UnusableLookup {
  readonly index: number;
  readonly message: string;
}

/**
 * The first sub-component whose query or filters name a lookup list that does not resolve in `accountIds` (first
 * the owner's), as alerts and security rules check at save; a query that does not parse is judged elsewhere.
 */
export async function firstUnusableLookup(
  subComponents: readonly { readonly queryDefinition: { readonly query: string; readonly filters?: AlertFilters | undefined } }[],
  accountIds: readonly number[],
  lookups: LookupResolver,
  nowMs: number,
): Promise<UnusableLookup | undefined> {
  for (const [index, sub] of subComponents.entries()) {
    let references: string[];
    try {
      references = lookupReferences(conditionOf(sub.queryDefinition.query, sub.queryDefinition.filters, nowMs));
    } catch {
      continue;
    }
    for (const reference of references) {
      try {
        await lookups.resolve(accountIds, reference, nowMs);
      } catch (error) {
        if (!isAppError(error)) throw error;
        return { index, message: error.message };
      }
    }
  }
  return undefined;
}
