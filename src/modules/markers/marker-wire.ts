import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { EpochMillis } from '../../shared/wire-bounds.js';

export const Marker = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 1000, pattern: SAFE_NAME_PATTERN, description: 'What happened, e.g. "Deployed v2.3.1"' }),
    description: Type.String({ maxLength: 10_000, description: 'Details of the deployment or event' }),
    tag: Type.Optional(
      Type.Unsafe<'DEPLOYMENT' | 'OTHER'>({ type: 'string', enum: ['DEPLOYMENT', 'OTHER'], description: 'DEPLOYMENT or OTHER (default)' }),
    ),
    // The listener's own bound for a log's time: the store holds no later one (1e308 made the insert fail).
    timestamp: Type.Optional(EpochMillis({ description: 'When it happened, epoch milliseconds (before 2200); default now' })),
    metadata: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Free string key/value pairs' })),
  },
  { description: 'A deployment marker' },
);
export type Marker = Static<typeof Marker>;

export const CreateMarkersRequest = Type.Object(
  { markers: Type.Array(Marker, { minItems: 1, maxItems: 1000, description: 'Markers to record' }) },
  { description: 'Markers to record as logs of the account' },
);
export type CreateMarkersRequest = Static<typeof CreateMarkersRequest>;
