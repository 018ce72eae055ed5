import { createHash } from 'node:crypto';
import type { LogDocument } from '../../storage/log-store.js';
import type { TriggeredAlert } from './triggered-alert.js';

/** The log type of alert event logs. */
export const ALERT_EVENT_LOG_TYPE = 'logward-alert';

/**
 * The event log a firing writes into its account's logs. Its `service-alert` field carries the alert
 * name, so `_exists_:service-alert` lists every firing next to the logs that caused it. The id derives
 * from the firing key, so a retried write is the same document.
 */
export function alertEventLog(firing: TriggeredAlert, receivedAtMs: number): LogDocument {
  const fields: Record<string, string | number> = {
    'service-alert': firing.name,
    alertId: firing.alertId,
    alertEventId: firing.payload.eventId,
    alertSeverity: firing.severity,
    alertValue: firing.value,
    alertThreshold: firing.payload.threshold,
    alertWindowStart: new Date(firing.windowStartMs).toISOString(),
    alertWindowEnd: new Date(firing.windowEndMs).toISOString(),
  };
  for (const [field, value] of Object.entries(firing.groupValues)) fields[`alertGroupBy.${field}`] = value;
  const body = JSON.stringify(fields);
  return {
    id: createHash('sha256').update(firing.firingKey).digest('hex').slice(0, 32),
    accountId: firing.accountId,
    timestampMs: firing.eventDateMs,
    receivedAtMs,
    type: ALERT_EVENT_LOG_TYPE,
    message: `Alert "${firing.name}" triggered with severity ${firing.severity} (value ${firing.value})`,
    fields: { ...fields, tags: [...firing.tags] },
    sizeBytes: Buffer.byteLength(body),
  };
}
