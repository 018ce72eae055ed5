import { SEVERITIES, type Severity } from '../../shared/severity.js';
import type { Firing } from '../rule-kind.js';

/** Side index (as a string) → the group field joined on. */
export type CorrelationJoin = Readonly<Record<string, string>>;

function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/**
 * Combines the firings of a rule's sides with AND: it fires only when every side fires, and with joins only for
 * groups whose joined fields agree. The fired group carries the fields of every side; the highest severity met
 * wins; the value is the first side's.
 */
export function correlate(joins: readonly CorrelationJoin[], perSide: readonly (readonly Firing[])[]): Firing[] {
  if (perSide.length === 1) return [...(perSide[0] ?? [])];
  if (perSide.some((firings) => firings.length === 0)) return [];
  let combined: Firing[] = [...(perSide[0] ?? [])];
  for (let index = 1; index < perSide.length; index += 1) {
    const next: Firing[] = [];
    for (const left of combined) {
      for (const right of perSide[index] ?? []) {
        const agrees = joins.every((join) => {
          const leftField = join['0'];
          const rightField = join[String(index)];
          if (leftField === undefined || rightField === undefined) return true;
          return left.group[leftField] !== undefined && left.group[leftField] === right.group[rightField];
        });
        if (!agrees) continue;
        const higher = severityRank(right.severity) > severityRank(left.severity) ? right : left;
        next.push({ group: { ...right.group, ...left.group }, value: left.value, severity: higher.severity, threshold: higher.threshold });
      }
    }
    combined = next;
  }
  return combined;
}

/** Stable key of a group (field order independent). */
export function groupKeyOf(group: Readonly<Record<string, string>>): string {
  return JSON.stringify(
    Object.keys(group)
      .sort()
      .map((field) => [field, group[field]]),
  );
}
