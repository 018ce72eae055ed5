export { createAlertService, type AlertService, type AlertActor } from './definition/alert-service.js';
export { alertRoutes } from './routes/alert-routes.js';
export { unifiedAlertRoutes } from './unified/unified-alert-routes.js';
export { triggeredAlertRoutes } from './routes/triggered-alert-routes.js';
export { createTriggeredAlertService, type TriggeredAlertService } from './triggered/triggered-alert-service.js';
export { createAlertRuleKind, type AlertRule, type AlertRuleKindDeps } from './evaluation/alert-rule-kind.js';
export { ALERT_EVENT_LOG_TYPE } from './evaluation/alert-event-log.js';
export {
  ALERT_KIND,
  type Alert,
  type AlertDefinition,
  type Aggregation,
  type AggregationType,
  type AlertFilters,
} from './definition/alert.js';
export { AlertWireParts, AlertRequest, AlertResponse } from './routes/alert-wire.js';
export { definitionFromRequest } from './definition/alert-definition.js';
export { conditionOf, measureOf, phraseCondition } from './evaluation/alert-conditions.js';
export { judgeDefinition, definitionDetails } from './evaluation/alert-judgement.js';
export type { SubAlert, AlertOutput, AlertSchedule } from './definition/alert.js';
export { alertsUsingLookup, firstUnusableLookup, type AlertUsingLookup } from './evaluation/alert-lookups.js';
