import type { Firing, FiringDetails } from '../rule-kind.js';
import { correlate as correlateSides } from '../triggers/correlation.js';
import { groupsMeetingTiers } from '../triggers/trigger-tiers.js';
import type { MeasuredGroup } from '../../storage/log-store.js';
import type { AlertDefinition, SubAlert } from './rule-definition.js';

const COUNTING = new Set(['COUNT', 'NONE', 'UNIQUE_COUNT', 'SUM']);

/**
 * The groups of one sub-component that fire. Without groupBy a counting aggregation over no logs is 0, not
 * "no value": a "fewer than N" alert must fire when nothing arrives at all.
 */
export function judgeSubComponent(sub: SubAlert, values: readonly MeasuredGroup[]): Firing[] {
  const groupless = (sub.queryDefinition.groupBy ?? []).length === 0;
  const effective =
    groupless && values.length === 0 && COUNTING.has(sub.queryDefinition.aggregation.aggregationType) ? [{ group: {}, value: 0 }] : values;
  return groupsMeetingTiers(sub.trigger, effective);
}

/** A correlated alert (operator AND) fires only when every sub-component fires, joined on its join fields. */
export function correlate(definition: AlertDefinition, perSub: readonly (readonly Firing[])[]): Firing[] {
  return correlateSides(definition.correlations?.joins ?? [], perSub);
}

/** What a definition fires, from the answers of its sub-components (same order): each judged, then correlated. */
export function judgeDefinition(definition: AlertDefinition, answers: readonly (readonly MeasuredGroup[])[]): Firing[] {
  return correlate(
    definition,
    definition.subComponents.map((sub, index) => judgeSubComponent(sub, answers[index] ?? [])),
  );
}

/** The notification details of a definition's firings (alerts and security rules share the shape). */
export function definitionDetails(definition: AlertDefinition): FiringDetails {
  return {
    title: definition.title,
    description: definition.description ?? '',
    tags: definition.tags ?? [],
    emails: definition.output?.recipients?.emails ?? [],
    sendToAll: definition.sendToAll === true,
    endpointIds: definition.output?.recipients?.notificationEndpointIds ?? [],
    suppressNotificationsMinutes: definition.output?.suppressNotificationsMinutes ?? 0,
  };
}
