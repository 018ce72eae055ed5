import { conditionOf } from '../../../detection/index.js';
import { lookupReferences } from '../../../query/index.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { alertRepository } from '../definition/alert-repository.js';

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
