import { SEVERITIES, type Severity } from '../notifications/index.js';
import type { AlertDefinition, SubAlert, TriggerOperator } from './alert.js';
import type { GroupValue } from './alert-query-runner.js';

export function compare(operator: TriggerOperator, value: number, threshold: number): boolean {
  switch (operator) {
    case 'GREATER_THAN':
      return value > threshold;
    case 'GREATER_THAN_OR_EQUALS':
      return value >= threshold;
    case 'LESS_THAN':
      return value < threshold;
    case 'LESS_THAN_OR_EQUALS':
      return value <= threshold;
    case 'EQUALS':
      return value === threshold;
    case 'NOT_EQUALS':
      return value !== threshold;
  }
}

export interface TierMet {
  readonly severity: Severity;
  readonly threshold: number;
}

/** The highest severity whose threshold the value meets, or undefined. */
export function highestTierMet(trigger: SubAlert['trigger'], value: number): TierMet | undefined {
  for (const severity of [...SEVERITIES].reverse()) {
    const threshold = trigger.severityThresholdTiers[severity];
    if (threshold !== undefined && compare(trigger.operator, value, threshold)) return { severity, threshold };
  }
  return undefined;
}

/** A group that met a tier. */
export interface Firing {
  readonly group: Readonly<Record<string, string>>;
  readonly value: number;
  readonly severity: Severity;
  readonly threshold: number;
}

const COUNTING = new Set(['COUNT', 'NONE', 'UNIQUE_COUNT', 'SUM']);

/**
 * The groups of one sub-component that fire. Without groupBy a counting aggregation over no logs is
 * 0, not "no value": a "fewer than N" alert must fire when nothing arrives at all.
 */
export function judgeSubComponent(sub: SubAlert, values: readonly GroupValue[]): Firing[] {
  const groupless = (sub.queryDefinition.groupBy ?? []).length === 0;
  const effective =
    groupless && values.length === 0 && COUNTING.has(sub.queryDefinition.aggregation.aggregationType) ? [{ group: {}, value: 0 }] : values;
  const firings: Firing[] = [];
  for (const { group, value } of effective) {
    const met = highestTierMet(sub.trigger, value);
    if (met !== undefined) firings.push({ group, value, ...met });
  }
  return firings;
}

function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/**
 * Combines the sub-components of a correlated alert (operator AND): it fires only when every
 * sub-component fires, and with joins only for groups whose joined fields agree. The fired group
 * carries the fields of every side; the highest severity met wins; the value is the first side's.
 */
export function correlate(definition: AlertDefinition, perSub: readonly (readonly Firing[])[]): Firing[] {
  if (perSub.length === 1) return [...(perSub[0] ?? [])];
  if (perSub.some((firings) => firings.length === 0)) return [];
  const joins = definition.correlations?.joins ?? [];
  let combined: Firing[] = [...(perSub[0] ?? [])];
  for (let index = 1; index < perSub.length; index += 1) {
    const next: Firing[] = [];
    for (const left of combined) {
      for (const right of perSub[index] ?? []) {
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
  return JSON.stringify(Object.keys(group).sort().map((field) => [field, group[field]]));
}
