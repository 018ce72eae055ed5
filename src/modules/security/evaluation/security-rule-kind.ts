import type { DetectionRule, RuleKind } from '../../../detection/index.js';
import type { Clock } from '../../../shared/clock.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { definitionDetails, judgeDefinition, measureOf, phraseCondition } from '../../../detection/index.js';
import { SECURITY_KIND, type SecurityRule } from '../rules/security-rule.js';
import { securityRuleRepository } from '../rules/security-rule-repository.js';
import { subComponentCondition } from './rule-condition.js';
import { SECURITY_EVENT_LOG_FIELDS, SECURITY_EVENT_LOG_TYPE, securityEventLog } from './security-event-log.js';
import { accountScope, narrowed, ruleScope, type RuleScope, type SecurityScopeDeps } from './security-scope.js';

export interface SecurityDetectionRule extends DetectionRule {
  readonly rule: SecurityRule;
}

export interface SecurityRuleKindDeps extends SecurityScopeDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

function detectionRuleOf(rule: SecurityRule): SecurityDetectionRule {
  return {
    id: rule.id,
    accountId: rule.accountId,
    windowMs: rule.definition.searchTimeFrameMinutes * 60_000,
    schedule: rule.definition.schedule,
    rule,
  };
}

/**
 * Security rules as the detection engine's second rule kind (decision 0402): the same windows, watermarks, exactly-once
 * firings, correlations, suppression and dispatch as alerts; what differs is the scope (the accounts the security
 * account scans), the condition (a Sigma detection AST or the query text) and the event log.
 */
export function createSecurityRuleKind(deps: SecurityRuleKindDeps): RuleKind<SecurityDetectionRule> {
  const { db, clock } = deps;
  // Each security account's scope, read once per cycle: the engine lists the enabled rules at the start of a cycle.
  let scopes = new Map<number, Promise<RuleScope>>();
  const scopeOf = (accountId: number): Promise<RuleScope> => {
    let scope = scopes.get(accountId);
    if (scope === undefined) {
      scope = accountScope(deps, accountId);
      scopes.set(accountId, scope);
    }
    return scope;
  };
  return {
    kind: SECURITY_KIND,
    eventLogType: SECURITY_EVENT_LOG_TYPE,
    eventLogFields: SECURITY_EVENT_LOG_FIELDS,

    async listEnabled() {
      scopes = new Map();
      return (await securityRuleRepository.listEnabled(db)).map(detectionRuleOf);
    },

    async questions({ rule }, windows) {
      const subs = rule.definition.subComponents;
      const nowMs = clock.now();
      const scope = await scopeOf(rule.accountId);
      const perSub = subs.map((sub) => narrowed(scope, sub));
      const asked = subs.map((sub, index) => ({
        condition: subComponentCondition(rule, index, nowMs),
        groupBy: sub.queryDefinition.groupBy ?? [],
        measure: measureOf(sub.queryDefinition.aggregation, nowMs),
      }));
      return windows.map((window) =>
        asked.map((question, index) => ({
          ...question,
          searcherAccountId: perSub[index]?.searcherAccountId ?? rule.accountId,
          accountIds: perSub[index]?.accountIds ?? [],
          window,
        })),
      );
    },

    judge({ rule }, answers) {
      return judgeDefinition(rule.definition, answers);
    },

    details({ rule }) {
      return definitionDetails(rule.definition);
    },

    eventLog: securityEventLog,

    /** The logs of the fired group from the first sub-component, for notifications. */
    async samples(firing, ask, signal) {
      const rule = await securityRuleRepository.getById(db, firing.ruleId);
      const sub = rule?.definition.subComponents[0];
      if (rule === undefined || sub === undefined) return [];
      const nowMs = clock.now();
      const groupFields = new Set(sub.queryDefinition.groupBy ?? []);
      const group = Object.entries(firing.groupValues)
        .filter(([field]) => groupFields.has(field))
        .map(([field, value]) => phraseCondition(field, value, nowMs));
      const scope = await ruleScope(deps, rule.accountId, sub);
      return ask(
        {
          ...scope,
          window: { fromMs: firing.windowStartMs, toMs: firing.windowEndMs },
          condition: subComponentCondition(rule, 0, nowMs, group),
          limit: Number.POSITIVE_INFINITY,
        },
        signal,
      );
    },
  };
}
