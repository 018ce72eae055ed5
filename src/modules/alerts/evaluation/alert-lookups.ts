import { lookupReferences, type LookupResolver } from '../../../query/index.js';
import { isAppError } from '../../../shared/app-error.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import type { AlertFilters } from '../definition/alert.js';
import { alertRepository } from '../definition/alert-repository.js';
import { conditionOf } from './alert-conditions.js';

/** An alert whose query or filters name a lookup list. */
export interface AlertUsingLookup {
  readonly kind: 'alert';
  readonly id: number;
  readonly title: string;
}

/**
 * The account's alerts that name the list by its id or its name (in the query string or a filter), read as
 * evaluation reads them. A definition that no longer parses names nothing.
 */
export async function alertsUsingLookup(
  db: ControlPlaneDb,
  accountId: number,
  list: { readonly id: string; readonly name: string },
  nowMs: number,
): Promise<AlertUsingLookup[]> {
  const names = (reference: string): boolean => reference.toLowerCase() === list.id.toLowerCase() || reference === list.name;
  const found: AlertUsingLookup[] = [];
  for (const alert of await alertRepository.list(db, accountId)) {
    const uses = alert.definition.subComponents.some((sub) => {
      try {
        return lookupReferences(conditionOf(sub.queryDefinition.query, sub.queryDefinition.filters, nowMs)).some(names);
      } catch {
        return false;
      }
    });
    if (uses) found.push({ kind: 'alert', id: alert.id, title: alert.definition.title });
  }
  return found;
}

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
