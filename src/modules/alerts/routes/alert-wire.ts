import { Type, type Static } from '@sinclair/typebox';
import { alertFields } from '../../../detection/index.js';
import { RowId } from '../../../shared/wire-bounds.js';

export { AlertRequest, AlertWireParts } from '../../../detection/index.js';

export const AlertResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Alert id' }),
    createdAt: Type.String({ description: 'ISO 8601 UTC time of creation' }),
    createdBy: Type.String({ description: 'E-mail of the user who created it' }),
    updatedAt: Type.String({ description: 'ISO 8601 UTC time of the last change' }),
    updatedBy: Type.String({ description: 'E-mail of the user who last changed it' }),
    ...alertFields(),
    enabled: Type.Boolean({ description: 'Whether the alert is evaluated' }),
    searchTimeFrameMinutes: Type.Integer({ description: 'Sliding window in minutes' }),
    schedule: Type.Object(
      {
        cronExpression: Type.Union([Type.String(), Type.Null()], { description: 'The cron, or null: every evaluation interval' }),
        cron: Type.Optional(Type.String({ description: 'Same as cronExpression (SPEC.md name), present with a cron' })),
        timezone: Type.String({ description: 'Time zone of the cron (UTC without one)' }),
      },
      { description: 'As Logz.io answers it: {"cronExpression":null,"timezone":"UTC"} without a cron' },
    ),
  },
  { description: 'An alert' },
);
export type AlertResponse = Static<typeof AlertResponse>;

export const AlertIdParams = Type.Object({ alertId: RowId({ description: 'Alert id' }) });
export const AlertIdShortParams = Type.Object({ id: RowId({ description: 'Alert id' }) });
