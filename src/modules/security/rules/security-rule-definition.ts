import { definitionFromRequest, type AlertRequest } from '../../../detection/index.js';
import type { SecurityRuleDefinition } from './security-rule.js';
import type { SecurityRuleRequest } from './security-rule-wire.js';

/** Title of a rule created without one (SPEC.md does not require it). */
const UNTITLED = 'Untitled security rule';

/** A schedule without the nulls real clients send back (`{"cronExpression":null}` means no cron). */
function scheduleOf(schedule: NonNullable<SecurityRuleRequest['schedule']>): NonNullable<AlertRequest['schedule']> {
  return {
    ...(schedule.cronExpression == null ? {} : { cronExpression: schedule.cronExpression }),
    ...(schedule.cron == null ? {} : { cron: schedule.cron }),
    ...(schedule.timezone === undefined ? {} : { timezone: schedule.timezone }),
  };
}

/**
 * The definition to store: the alert definition rules of its fields (SPEC.md: same fields as an alert), a count of the
 * matching logs where no aggregation is given, and only the fields a rule has — a read-back response sent again
 * (`id`, `isProtected`, `sortedCorrelations` …) stores nothing extra.
 */
export function ruleDefinitionFromRequest(request: SecurityRuleRequest): SecurityRuleDefinition {
  const asAlert: AlertRequest = {
    title: request.title ?? UNTITLED,
    ...(request.description === undefined ? {} : { description: request.description }),
    ...(request.tags === undefined ? {} : { tags: request.tags }),
    ...(request.output === undefined ? {} : { output: request.output }),
    ...(request.searchTimeFrameMinutes === undefined ? {} : { searchTimeFrameMinutes: request.searchTimeFrameMinutes }),
    ...(request.correlations === undefined ? {} : { correlations: request.correlations }),
    ...(request.schedule === undefined ? {} : { schedule: scheduleOf(request.schedule) }),
    ...(request.enabled === undefined ? {} : { enabled: request.enabled }),
    ...(request.sendToAll === undefined ? {} : { sendToAll: request.sendToAll }),
    subComponents: request.subComponents.map((sub) => ({
      ...sub,
      queryDefinition: { ...sub.queryDefinition, aggregation: sub.queryDefinition.aggregation ?? { aggregationType: 'COUNT' } },
    })),
  };
  const definition = definitionFromRequest(asAlert);
  return request.mitreTags === undefined ? definition : { ...definition, mitreTags: [...new Set(request.mitreTags)] };
}
