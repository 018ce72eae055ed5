export { createAlertService, type AlertService, type AlertActor } from './alert-service.js';
export { alertRoutes } from './alert-routes.js';
export { triggeredAlertRoutes } from './triggered-alert-routes.js';
export { createTriggeredAlertService, type TriggeredAlertService } from './triggered-alert-service.js';
export { createAlertEvaluationService, type AlertEvaluationService, type CycleReport, type EvaluationSettings } from './alert-evaluation-service.js';
export { createFiringDispatcher, type FiringDispatcher } from './firing-dispatcher.js';
export { ALERT_EVENT_LOG_TYPE } from './alert-event-log.js';
export type { AlertQueryRunner, AlertQuery, GroupValue } from './alert-query-runner.js';
export type { Alert, AlertDefinition, Aggregation, AggregationType, AlertFilters } from './alert.js';
