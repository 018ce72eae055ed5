import type { SecurityRule } from './security-rule.js';
import type { SecurityRuleResponse } from './security-rule-wire.js';

const NO_CORRELATIONS = { correlationOperators: ['AND'], joins: [] };

/**
 * A rule as both SPEC.md readers and real clients read it: `protected` and `isProtected`, `schedule.cron` and
 * `schedule.cronExpression`, `correlations` and `sortedCorrelations` (reference §2.12, fixture names).
 */
export function securityRuleToWire(rule: SecurityRule): SecurityRuleResponse {
  const { schedule, correlations, mitreTags, ...definition } = rule.definition;
  const cron = schedule?.cronExpression ?? null;
  const correlated = correlations ?? NO_CORRELATIONS;
  const sigma = rule.origin;
  return {
    id: rule.id,
    createdAt: new Date(rule.createdAt).toISOString(),
    createdBy: rule.createdBy,
    updatedAt: new Date(rule.updatedAt).toISOString(),
    updatedBy: rule.updatedBy,
    ...(definition as Omit<SecurityRuleResponse, 'id' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy' | 'schedule' | 'protected'>),
    correlations: correlated as SecurityRuleResponse['correlations'],
    sortedCorrelations: correlated as SecurityRuleResponse['sortedCorrelations'],
    schedule: { cronExpression: cron, cron, timezone: schedule?.timezone ?? 'UTC' },
    protected: rule.protected,
    isProtected: rule.protected,
    mitreTags: [...(mitreTags ?? [])],
    ...(sigma === null
      ? {}
      : {
          sigma: {
            id: sigma.sigmaId,
            author: sigma.author,
            references: [...sigma.references],
            date: sigma.date,
            level: sigma.level,
            logsource: { ...sigma.logsource },
            license: 'DRL-1.1 (Detection Rule License), from SigmaHQ',
          },
        }),
  };
}
