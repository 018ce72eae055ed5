import type { EventLogContent, FiringRecord } from '../../../detection/index.js';

/** The log type of alert event logs. */
export { ALERT_EVENT_LOG_TYPE } from '../../../detection/index.js';

/** Fields only alert event logs carry: a query naming one counts them (they are left out otherwise). */
export const ALERT_EVENT_LOG_FIELDS = [
  'service-alert',
  'alertId',
  'alertEventId',
  'alertSeverity',
  'alertValue',
  'alertThreshold',
  'alertWindowStart',
  'alertWindowEnd',
  'alertGroupBy',
];

/**
 * The event log a firing writes into its account's logs. Its `service-alert` field carries the alert name, so
 * `_exists_:service-alert` lists every firing next to the logs that caused it.
 */
export function alertEventLog(firing: FiringRecord): EventLogContent {
  const fields: Record<string, string | number | readonly string[]> = {
    'service-alert': firing.title,
    alertId: firing.ruleId,
    alertEventId: firing.payload.eventId,
    alertSeverity: firing.severity,
    alertValue: firing.value,
    alertThreshold: firing.payload.threshold,
    alertWindowStart: new Date(firing.windowStartMs).toISOString(),
    alertWindowEnd: new Date(firing.windowEndMs).toISOString(),
  };
  for (const [field, value] of Object.entries(firing.groupValues)) fields[`alertGroupBy.${field}`] = value;
  fields.tags = [...firing.tags];
  return { message: `Alert "${firing.title}" triggered with severity ${firing.severity} (value ${firing.value})`, fields };
}
