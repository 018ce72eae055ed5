import { Type, type Static } from '@sinclair/typebox';
import { BooleanOrString } from '../../../shared/boolean-or-string.js';
import { SAFE_NAME_PATTERN } from '../../../shared/safe-name.js';
import { RowId } from '../../../shared/wire-bounds.js';
import { AlertWireParts } from '../../../detection/index.js';

const { SubComponent, RequestSchedule } = AlertWireParts;

const LinkedPanel = Type.Object(
  {
    folderId: Type.Optional(Type.String({ maxLength: 500, description: 'Folder of the dashboard' })),
    dashboardId: Type.Optional(Type.String({ maxLength: 500, description: 'Dashboard of the panel' })),
    panelId: Type.Optional(Type.String({ maxLength: 500, description: 'Panel the alert is drawn from' })),
  },
  { description: 'The dashboard panel the alert links to (kept and answered)' },
);

const Recipients = Type.Object({
  emails: Type.Optional(Type.Array(Type.String({ format: 'email' }), { description: 'E-mail recipients' })),
  notificationEndpointIds: Type.Optional(Type.Array(RowId({}), { description: 'Ids of notification endpoints (/v1/endpoints)' })),
});

const Correlations = Type.Object({
  correlationOperators: Type.Optional(Type.Array(Type.String(), { description: 'AND' })),
  joins: Type.Optional(Type.Array(Type.Record(Type.String(), Type.String()), { description: 'Sub-component index → field joined on' })),
});

const AlertConfiguration = Type.Object(
  {
    type: Type.Unsafe<'LOG_ALERT' | 'METRIC_ALERT'>({
      type: 'string',
      enum: ['LOG_ALERT', 'METRIC_ALERT'],
      description: 'LOG_ALERT; METRIC_ALERT is answered 400 (metrics accounts are not part of Logward)',
    }),
    suppressNotificationsMinutes: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1440, description: 'No repeated notification within this many minutes' }),
    ),
    alertOutputTemplateType: Type.Optional(Type.String({ maxLength: 20, description: 'JSON or TABLE' })),
    searchTimeFrameMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 2880, description: 'Sliding window in minutes; default 5' })),
    subComponents: Type.Optional(
      Type.Array(SubComponent, { minItems: 1, description: 'The queries and triggers (required for LOG_ALERT)' }),
    ),
    correlations: Type.Optional(Correlations),
    schedule: Type.Optional(RequestSchedule),
  },
  { description: 'The log alert itself (the /v2/alerts definition under Logz.io unified names)' },
);

function unifiedFields() {
  return {
    title: Type.String({ minLength: 1, maxLength: 500, pattern: SAFE_NAME_PATTERN, description: 'Name of the alert' }),
    description: Type.Optional(Type.String({ maxLength: 10_000, description: 'Event, significance and next steps' })),
    tags: Type.Optional(Type.Array(Type.String({ pattern: SAFE_NAME_PATTERN }), { maxItems: 10, description: '0–10 tags' })),
    linkedPanel: Type.Optional(LinkedPanel),
    runbook: Type.Optional(Type.String({ maxLength: 100_000, description: 'What to do when it fires' })),
    rca: Type.Optional(Type.Boolean({ description: 'Kept and answered; Logward runs no root-cause analysis' })),
    rcaNotificationEndpointIds: Type.Optional(Type.Array(RowId({}), { maxItems: 100, description: 'Kept and answered' })),
    useAlertNotificationEndpointsForRca: Type.Optional(Type.Boolean({ description: 'Kept and answered' })),
    recipients: Type.Optional(Recipients),
    alertConfiguration: AlertConfiguration,
  };
}

export const UnifiedAlertRequest = Type.Object(
  { ...unifiedFields(), enabled: Type.Optional(BooleanOrString({ description: 'Default true' })) },
  { description: 'A unified log alert' },
);
export type UnifiedAlertRequest = Static<typeof UnifiedAlertRequest>;

export const UnifiedAlertResponse = Type.Object(
  {
    id: Type.String({ description: 'Alert id (the same alert as /v2/alerts/{id})' }),
    ...unifiedFields(),
    description: Type.String(),
    tags: Type.Array(Type.String()),
    recipients: Type.Object({ emails: Type.Array(Type.String()), notificationEndpointIds: Type.Array(Type.Integer()) }),
    createdAt: Type.Integer({ description: 'Epoch seconds' }),
    updatedAt: Type.Integer({ description: 'Epoch seconds' }),
    createdBy: Type.String(),
    updatedBy: Type.String(),
    enabled: Type.Boolean(),
  },
  { description: 'A unified log alert' },
);
export type UnifiedAlertResponse = Static<typeof UnifiedAlertResponse>;

export const UnifiedAlertIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Alert id' }) });
