import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../../shared/safe-name.js';
import { Count, INT32_MAX } from '../../../shared/wire-bounds.js';

const Severity = Type.Unsafe<'INFO' | 'LOW' | 'MEDIUM' | 'HIGH' | 'SEVERE'>({
  type: 'string',
  enum: ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'SEVERE'],
});

export const TriggeredAlertsRequest = Type.Object(
  {
    from: Type.Optional(Count(INT32_MAX, { description: 'Offset of the first result, default 0' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Results per page, default 25, at most 500' })),
    search: Type.Optional(Type.String({ description: 'Case-insensitive part of the alert name' })),
    severities: Type.Optional(Type.Array(Severity, { description: 'Only these severities' })),
    sortBy: Type.Optional(
      Type.Unsafe<'DATE' | 'SEVERITY'>({ type: 'string', enum: ['DATE', 'SEVERITY'], description: 'Sort field, default DATE' }),
    ),
    sortOrder: Type.Optional(
      Type.Unsafe<'ASC' | 'DESC'>({ type: 'string', enum: ['ASC', 'DESC'], description: 'Sort order, default DESC' }),
    ),
    tags: Type.Optional(Type.Array(Type.String({ pattern: SAFE_NAME_PATTERN }), { description: 'Only alerts carrying one of these tags' })),
  },
  { description: 'Filters, sort and paging of triggered alerts (in the body or the query string)' },
);
export type TriggeredAlertsRequest = Static<typeof TriggeredAlertsRequest>;

export const TriggeredAlertWire = Type.Object({
  alertId: Type.Integer({ description: 'Id of the alert' }),
  name: Type.String({ description: 'Alert title at firing time' }),
  eventDate: Type.Number({ description: 'Firing time, epoch seconds (fractional)' }),
  severity: Type.String({ description: 'Severity met' }),
  alertEventId: Type.String({ description: 'GUID of this firing' }),
  tags: Type.Array(Type.String(), { description: 'Alert tags' }),
  groupBy: Type.Record(Type.String(), Type.String(), { description: 'Group field → value of the group that fired' }),
  value: Type.Number({ description: 'Aggregated value that crossed the threshold' }),
  threshold: Type.Number({ description: 'Threshold of the severity met' }),
  alertWindowStartDate: Type.Number({ description: 'Window start, epoch seconds' }),
  alertWindowEndDate: Type.Number({ description: 'Window end, epoch seconds' }),
  notificationState: Type.String({
    description: 'pending, logged, notified, suppressed, or failed (a target refused or could not be reached; see the event log)',
  }),
});

export const TriggeredAlertsResponse = Type.Object(
  {
    pageSize: Type.Integer({ description: 'Results in this page' }),
    from: Type.Integer({ description: 'Offset of the first result' }),
    total: Type.Integer({ description: 'Matching triggered alerts in all' }),
    results: Type.Array(TriggeredAlertWire),
  },
  { description: 'A page of triggered alerts' },
);
export type TriggeredAlertsResponse = Static<typeof TriggeredAlertsResponse>;
