import type { EventLogContent, FiringRecord } from '../../../detection/index.js';

/** The log type of security event logs. */
export const SECURITY_EVENT_LOG_TYPE = 'logward-security-event';

/** Fields only security event logs carry (a rule naming one counts them; they are left out otherwise). */
export const SECURITY_EVENT_LOG_FIELDS = [
  'service-alert',
  'logzio-alert-definition-id',
  'logzio-alert-event-id',
  'securitySeverity',
  'securityHits',
  'securityWindowStart',
  'securityWindowEnd',
  'securityGroupBy',
];

/** One sentence a person understands: what fired, where, how many. */
export function alertSummaryOf(firing: Pick<FiringRecord, 'title' | 'value' | 'groupValues' | 'windowStartMs' | 'windowEndMs'>): string {
  const minutes = Math.round((firing.windowEndMs - firing.windowStartMs) / 60_000);
  const groups = Object.entries(firing.groupValues).map(([field, value]) => `${field}=${value}`);
  const where = groups.length === 0 ? '' : ` for ${groups.join(', ')}`;
  const count = Number.isInteger(firing.value) ? String(firing.value) : firing.value.toFixed(2);
  return `${firing.title}: ${count} matching log${firing.value === 1 ? '' : 's'}${where} in the ${minutes} minute${minutes === 1 ? '' : 's'} to ${new Date(firing.windowEndMs).toISOString()}`;
}

/**
 * The event log of a security event in the security account's logs (SPEC.md "Events" 1): `service-alert` carries the
 * rule name, and the Logz.io field names link it to the rule and the event (reference §2.12).
 */
export function securityEventLog(firing: FiringRecord): EventLogContent {
  const fields: Record<string, string | number | readonly string[]> = {
    'service-alert': firing.title,
    'logzio-alert-definition-id': firing.ruleId,
    'logzio-alert-event-id': firing.payload.eventId,
    securitySeverity: firing.severity,
    securityHits: firing.value,
    securityWindowStart: new Date(firing.windowStartMs).toISOString(),
    securityWindowEnd: new Date(firing.windowEndMs).toISOString(),
  };
  for (const [field, value] of Object.entries(firing.groupValues)) fields[`securityGroupBy.${field}`] = value;
  fields.tags = [...firing.tags];
  return { message: alertSummaryOf(firing), fields };
}
