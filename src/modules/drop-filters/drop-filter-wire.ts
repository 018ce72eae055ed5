import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { Measure } from '../../shared/wire-bounds.js';
import type { DropFilter } from './drop-filter.js';
import { MAX_FIELD_CONDITIONS } from './drop-filter.js';

const FieldCondition = Type.Object(
  {
    fieldName: Type.String({
      minLength: 1,
      maxLength: 256,
      pattern: SAFE_NAME_PATTERN,
      description: 'Exact field name; nested fields with dots (kubernetes.namespace)',
    }),
    value: Type.Union([Type.String({ maxLength: 10_000, pattern: SAFE_NAME_PATTERN }), Measure({}), Type.Boolean()], {
      description: 'Exact value of the whole field (compared as text: 200 matches 200 and "200")',
    }),
  },
  { additionalProperties: false },
);

export const CreateDropFilterRequest = Type.Object(
  {
    logType: Type.Optional(Type.String({ maxLength: 100, description: 'Only logs of this type; absent: every type' })),
    description: Type.Optional(Type.String({ maxLength: 10_000, description: 'What the filter drops and why' })),
    fieldConditions: Type.Array(FieldCondition, {
      minItems: 1,
      maxItems: MAX_FIELD_CONDITIONS,
      description: 'A log is dropped when every condition holds (1–3)',
    }),
    thresholdInGB: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1_000_000,
        description: 'Matching logs are kept until they sum to this many GB in a UTC day, then dropped; 0 or absent: always dropped',
      }),
    ),
  },
  { description: 'A drop filter: logs matching it are dropped by the listener before they are stored or counted' },
);
export type CreateDropFilterRequest = Static<typeof CreateDropFilterRequest>;

export const DropFilterResponse = Type.Object(
  {
    id: Type.String({ description: 'Drop filter id' }),
    active: Type.Boolean({ description: 'Whether matching logs are dropped' }),
    logType: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    fieldConditions: Type.Array(
      Type.Object({ fieldName: Type.String(), value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }),
    ),
    thresholdInGB: Type.Optional(Type.Number()),
    droppedLogs: Type.Integer({ description: 'Logs dropped by this filter so far (every ingest process; up to a second late)' }),
    droppedBytes: Type.Integer({ description: 'Bytes of those logs' }),
  },
  { description: 'A drop filter (Logz.io shape, plus what it dropped)' },
);
export type DropFilterResponse = Static<typeof DropFilterResponse>;

export const DropFilterIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Drop filter id' }) });

export function dropFilterToWire(filter: DropFilter): DropFilterResponse {
  return {
    id: filter.id,
    active: filter.active,
    ...(filter.logType === undefined ? {} : { logType: filter.logType }),
    ...(filter.description === undefined ? {} : { description: filter.description }),
    fieldConditions: filter.fieldConditions.map((condition) => ({ ...condition })),
    ...(filter.thresholdInGB === undefined ? {} : { thresholdInGB: filter.thresholdInGB }),
    droppedLogs: filter.droppedLogs,
    droppedBytes: filter.droppedBytes,
  };
}
