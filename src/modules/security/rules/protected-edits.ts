import type { SecurityRuleDefinition } from './security-rule.js';

/** JSON with sorted keys and no undefined members: two definitions compare as their meaning, not their spelling. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A definition with the parts a built-in rule may change taken out. */
function fixedParts(definition: SecurityRuleDefinition): unknown {
  const { output, tags: _tags, enabled: _enabled, subComponents, correlations, schedule, ...rest } = definition;
  return {
    ...rest,
    // Absent and the defaults a read answers are the same (a read-back sent again is no change).
    correlations: {
      correlationOperators: correlations?.correlationOperators ?? ['AND'],
      joins: correlations?.joins ?? [],
    },
    schedule: { cronExpression: schedule?.cronExpression ?? null, timezone: schedule?.timezone ?? 'UTC' },
    output: { type: output?.type },
    subComponents: subComponents.map((sub) => {
      const { shouldQueryOnAllAccounts: _all, accountIdsToQueryOn: _ids, ...query } = sub.queryDefinition;
      return { ...sub, queryDefinition: query, trigger: { operator: sub.trigger.operator } };
    }),
  };
}

/**
 * The first part of `next` a built-in rule may not take, or null when the edit is allowed: SPEC.md allows
 * notification recipients and endpoints, thresholds and severities, added tags; the reference adds suppression, the
 * accounts queried and enabled.
 */
export function forbiddenProtectedChange(current: SecurityRuleDefinition, next: SecurityRuleDefinition): string | null {
  const removedTag = (current.tags ?? []).find((tag) => !(next.tags ?? []).includes(tag));
  if (removedTag !== undefined) return `tags (removing ${JSON.stringify(removedTag)})`;
  if (next.subComponents.length !== current.subComponents.length) return 'subComponents';
  const before = fixedParts(current) as Record<string, unknown>;
  const after = fixedParts(next) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'subComponents') continue;
    if (canonical(before[key]) !== canonical(after[key])) return key;
  }
  const subsBefore = before.subComponents as unknown[];
  const subsAfter = after.subComponents as unknown[];
  for (const [index, sub] of subsBefore.entries()) {
    if (canonical(sub) !== canonical(subsAfter[index])) return `subComponents.${index} (query, grouping, aggregation, operator or output)`;
  }
  return null;
}
