import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../../shared/safe-name.js';
import { EpochSeconds, RowId } from '../../../shared/wire-bounds.js';
import { SEVERITIES } from '../../../shared/severity.js';
import { Pagination, PaginationResponse } from '../rules/security-rule-wire.js';

const enumOf = <T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

export const EVENT_STATUSES = ['NEW', 'ASSIGNED', 'IN_PROGRESS', 'RESOLVED', 'DISMISSED'] as const;

export const EventSearchRequest = Type.Object({
  filter: Type.Optional(
    Type.Object({
      searchTerm: Type.Optional(Type.String({ description: 'Part of the rule name (case-insensitive)' })),
      severities: Type.Optional(Type.Array(enumOf(SEVERITIES, 'Severity'))),
      timeRange: Type.Optional(
        Type.Object({
          fromDate: Type.Optional(EpochSeconds({ description: 'Epoch seconds' })),
          toDate: Type.Optional(EpochSeconds({ description: 'Epoch seconds' })),
        }),
      ),
      includeMutedEvents: Type.Optional(Type.Boolean({ description: 'Default false: muted events are left out' })),
    }),
  ),
  sort: Type.Optional(
    Type.Array(
      Type.Object({
        field: enumOf(['DATE', 'SEVERITY'] as const, 'Sort key; the order of the list is the precedence'),
        descending: Type.Optional(Type.Boolean({ description: 'Default true' })),
      }),
    ),
  ),
  pagination: Type.Optional(Pagination),
});
export type EventSearchRequest = Static<typeof EventSearchRequest>;

const Triage = Type.Object({
  status: Type.String(),
  assignee: Type.Union([Type.String(), Type.Null()]),
  comment: Type.Union([Type.String(), Type.Null()]),
  mutedUntil: Type.Union([Type.Number(), Type.Null()], { description: 'Epoch seconds the mute ends; null: no expiry or not muted' }),
  updatedAt: Type.Union([Type.Number(), Type.Null()], { description: 'Epoch seconds of the last triage change' }),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});

export const SecurityEventResponse = Type.Object({
  alertEventId: Type.String({ description: 'GUID of the event (log field logzio-alert-event-id)' }),
  alertId: Type.Integer({ description: 'Id of the rule (log field logzio-alert-definition-id)' }),
  name: Type.String(),
  description: Type.String(),
  alertSummary: Type.String(),
  eventDate: Type.Number({ description: 'Epoch seconds' }),
  alertWindowStartDate: Type.Number({ description: 'Epoch seconds' }),
  alertWindowEndDate: Type.Number({ description: 'Epoch seconds' }),
  severity: Type.String(),
  groupBy: Type.Record(Type.String(), Type.String()),
  tags: Type.Array(Type.String()),
  mitreTags: Type.Array(Type.String()),
  hits: Type.Number(),
  isMuted: Type.Boolean(),
  status: Type.String({ description: 'Triage status' }),
  triage: Triage,
});
export type SecurityEventResponse = Static<typeof SecurityEventResponse>;

export const EventSearchResponse = Type.Object({
  total: Type.Integer(),
  results: Type.Array(SecurityEventResponse),
  pagination: PaginationResponse,
});

export const DrillDownRequest = Type.Object({
  filter: Type.Object({ alertEventId: Type.String({ minLength: 1, description: 'GUID of the event' }) }),
  pagination: Type.Optional(Pagination),
});
export type DrillDownRequest = Static<typeof DrillDownRequest>;

export const DrillDownResponse = Type.Object({
  total: Type.Integer(),
  results: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'The logs, as shipped (their _source)' }),
  pagination: PaginationResponse,
});

export const TriageRequest = Type.Object({
  filter: Type.Optional(
    Type.Object({
      alertEventIds: Type.Optional(Type.Array(Type.String(), { description: 'Events of the rule to change; omitted: all of them' })),
    }),
  ),
  status: Type.Optional(enumOf(EVENT_STATUSES, 'Triage status')),
  assignee: Type.Optional(
    Type.Union([Type.String({ maxLength: 320, pattern: SAFE_NAME_PATTERN }), Type.Null()], {
      description: 'E-mail of the assignee; null unassigns',
    }),
  ),
  comment: Type.Optional(Type.String({ maxLength: 4000 })),
  isMuted: Type.Optional(Type.Boolean({ description: 'Mute or unmute' })),
  muteUntil: Type.Optional(
    Type.Union([EpochSeconds({}), Type.Null()], { description: 'Epoch seconds the mute ends (1970–2200); null: none' }),
  ),
});
export type TriageRequest = Static<typeof TriageRequest>;

export const TriagedEventResponse = Type.Object({
  ...SecurityEventResponse.properties,
  history: Type.Array(
    Type.Object({
      at: Type.Number({ description: 'Epoch seconds' }),
      by: Type.String(),
      change: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
});

export const RuleIdOfEventsParams = Type.Object({ ruleId: RowId({ description: 'Id of the rule whose events change' }) });
