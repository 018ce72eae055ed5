import { SEVERITIES, type Severity } from '../shared/severity.js';

export const TRIGGER_OPERATORS = [
  'LESS_THAN',
  'GREATER_THAN',
  'LESS_THAN_OR_EQUALS',
  'GREATER_THAN_OR_EQUALS',
  'EQUALS',
  'NOT_EQUALS',
] as const;
export type TriggerOperator = (typeof TRIGGER_OPERATORS)[number];

/** A threshold per severity, all compared with one operator. */
export interface TierTrigger {
  readonly operator: TriggerOperator;
  readonly severityThresholdTiers: Readonly<Partial<Record<Severity, number>>>;
}

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
export function highestTierMet(trigger: TierTrigger, value: number): TierMet | undefined {
  for (const severity of [...SEVERITIES].reverse()) {
    const threshold = trigger.severityThresholdTiers[severity];
    if (threshold !== undefined && compare(trigger.operator, value, threshold)) return { severity, threshold };
  }
  return undefined;
}
