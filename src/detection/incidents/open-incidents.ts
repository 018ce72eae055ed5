import { SEVERITIES, type Severity } from '../../shared/severity.js';
import type { Firing } from '../rule-kind.js';
import { groupKeyOf } from '../triggers/correlation.js';

/** A group of a rule that fired in a window still overlapping the one being judged, at the highest severity it fired. */
export type OpenIncidents = ReadonlyMap<string, Severity>;

const rank = (severity: Severity): number => SEVERITIES.indexOf(severity);

/**
 * Once per incident (as Logz.io: a triggered alert is not checked again for the rest of its time range): a group
 * that fired in a window overlapping this one fires again only at a higher severity. Logs that arrive after the
 * window that fired make a new firing from the first window that no longer overlaps it.
 */
export function newFirings(firings: readonly Firing[], open: OpenIncidents): Firing[] {
  return firings.filter((firing) => {
    const fired = open.get(groupKeyOf(firing.group));
    return fired === undefined || rank(firing.severity) > rank(fired);
  });
}

/** The highest severity per group among earlier firings. */
export function openIncidentsOf(earlier: readonly { readonly groupKey: string; readonly severity: Severity }[]): OpenIncidents {
  const open = new Map<string, Severity>();
  for (const { groupKey, severity } of earlier) {
    const known = open.get(groupKey);
    if (known === undefined || rank(severity) > rank(known)) open.set(groupKey, severity);
  }
  return open;
}
