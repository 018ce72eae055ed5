import {
  conditionOf,
  definitionDetails,
  judgeDefinition,
  measureOf,
  phraseCondition,
  type DetectionRule,
  type RuleKind,
} from '../../../detection/index.js';
import type { Clock } from '../../../shared/clock.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { ALERT_KIND, type Alert } from '../definition/alert.js';
import { alertRepository } from '../definition/alert-repository.js';
import { ALERT_EVENT_LOG_FIELDS, ALERT_EVENT_LOG_TYPE, alertEventLog } from './alert-event-log.js';
import { accountIdsOf, type AccountScopeDeps } from './alert-scope.js';

export interface AlertRule extends DetectionRule {
  readonly alert: Alert;
}

export interface AlertRuleKindDeps extends AccountScopeDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

/** An alert as the engine's rule (a draft alert of the form too, for its preview). */
export function ruleOf(alert: Alert): AlertRule {
  return {
    id: alert.id,
    accountId: alert.accountId,
    windowMs: alert.definition.searchTimeFrameMinutes * 60_000,
    schedule: alert.definition.schedule,
    alert,
  };
}

/** Alerts as the detection engine's first rule kind: one question per sub-component and window. */
export function createAlertRuleKind(deps: AlertRuleKindDeps): RuleKind<AlertRule> {
  const { db, clock } = deps;
  return {
    kind: ALERT_KIND,
    eventLogType: ALERT_EVENT_LOG_TYPE,
    eventLogFields: ALERT_EVENT_LOG_FIELDS,

    async listEnabled() {
      return (await alertRepository.listEnabled(db)).map(ruleOf);
    },

    async questions({ alert }, windows) {
      const subs = alert.definition.subComponents;
      const nowMs = clock.now();
      const accountIds = await Promise.all(subs.map((sub) => accountIdsOf(deps, alert.accountId, sub)));
      const asked = subs.map((sub) => ({
        condition: conditionOf(sub.queryDefinition.query, sub.queryDefinition.filters, nowMs),
        groupBy: sub.queryDefinition.groupBy ?? [],
        measure: measureOf(sub.queryDefinition.aggregation, nowMs),
      }));
      return windows.map((window) =>
        asked.map((question, index) => ({ ...question, searcherAccountId: alert.accountId, accountIds: accountIds[index] ?? [], window })),
      );
    },

    judge({ alert }, answers) {
      return judgeDefinition(alert.definition, answers);
    },

    details({ alert }) {
      return definitionDetails(alert.definition);
    },

    eventLog: alertEventLog,

    /** The logs of the fired group, from the sub-component that asks for samples (its columns only). */
    async samples(firing, ask, signal) {
      const alert = await alertRepository.getById(db, firing.ruleId);
      if (alert === undefined) return [];
      const sub = alert.definition.subComponents.find(
        (candidate) => candidate.output?.shouldUseAllFields === true || (candidate.output?.columns ?? []).length > 0,
      );
      if (sub === undefined) return [];
      const nowMs = clock.now();
      const groupFields = new Set(sub.queryDefinition.groupBy ?? []);
      const group = Object.entries(firing.groupValues)
        .filter(([field]) => groupFields.has(field))
        .map(([field, value]) => phraseCondition(field, value, nowMs));
      const samples = await ask(
        {
          searcherAccountId: alert.accountId,
          accountIds: await accountIdsOf(deps, alert.accountId, sub),
          window: { fromMs: firing.windowStartMs, toMs: firing.windowEndMs },
          condition: conditionOf(sub.queryDefinition.query, sub.queryDefinition.filters, nowMs, group),
          limit: Number.POSITIVE_INFINITY,
        },
        signal,
      );
      const columns = sub.output?.shouldUseAllFields === true ? [] : (sub.output?.columns ?? []).map((column) => column.fieldName);
      if (columns.length === 0) return samples;
      return samples.map((sample) => Object.fromEntries(columns.filter((field) => field in sample).map((field) => [field, sample[field]])));
    },
  };
}
