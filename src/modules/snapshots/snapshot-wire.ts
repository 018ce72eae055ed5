import { Type, type Static } from '@sinclair/typebox';

const EPOCH_MS = (description: string) => Type.Integer({ minimum: 0, maximum: 7_258_118_400_000, description });
const SnapshotType = Type.Unsafe<'DASHBOARD' | 'VISUALIZATION'>({
  type: 'string',
  enum: ['DASHBOARD', 'VISUALIZATION'],
  description: 'DASHBOARD or VISUALIZATION',
});

export const CreateSnapshotRequest = Type.Object(
  {
    snapshotType: SnapshotType,
    snapshotSavedObjectId: Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'The id of the dashboard or visualization, as the export shows it (`dashboard:<id>`) or the bare id',
    }),
    timeFrameFrom: EPOCH_MS('Start of the time frame, epoch milliseconds'),
    timeFrameTo: EPOCH_MS('End of the time frame, epoch milliseconds (after timeFrameFrom)'),
    snapshotTimeZone: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone the image prints times in, e.g. Europe/Paris',
    }),
    emails: Type.Optional(
      Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 50, description: 'E-mail recipients of the image' }),
    ),
    slackWebhookUrls: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), {
        maxItems: 20,
        description: 'Slack incoming-webhook URLs sent the image link',
      }),
    ),
    endpoints: Type.Optional(
      Type.Array(Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }), {
        maxItems: 50,
        description: 'Notification endpoint ids of the account',
      }),
    ),
    message: Type.Optional(Type.String({ maxLength: 2000, description: 'A message sent with the image' })),
    queryString: Type.Optional(Type.String({ maxLength: 10_000, description: 'A Lucene query that narrows every panel' })),
    darkTheme: Type.Optional(Type.Boolean({ description: 'Draw the image in the dark theme' })),
  },
  { additionalProperties: false, description: 'A snapshot of a dashboard or visualization, rendered and delivered in the background' },
);
export type CreateSnapshotRequest = Static<typeof CreateSnapshotRequest>;

export const CreateSnapshotResponse = Type.Object({
  snapshotId: Type.Integer({ description: 'Ask GET /v1/snapshotter/{snapshotId} for its status' }),
});

export const SnapshotIdParams = Type.Object({ snapshotId: Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }) });

export const SnapshotDelivery = Type.Object({
  channel: Type.String({ description: 'email, slack-webhook or endpoint' }),
  target: Type.String({ description: 'The address, the endpoint id, or #n for the n-th Slack webhook URL (URLs are secrets)' }),
  delivered: Type.Boolean(),
  attempts: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const SnapshotResponse = Type.Object({
  snapshotId: Type.Integer(),
  accountId: Type.Integer(),
  snapshotType: SnapshotType,
  status: Type.Unsafe<'IN_PROGRESS' | 'SUCCESS' | 'FAILED'>({ type: 'string', enum: ['IN_PROGRESS', 'SUCCESS', 'FAILED'] }),
  snapshotSavedObjectName: Type.String(),
  imageUrl: Type.String({ description: 'The image (PNG) once rendered; an unguessable link anyone holding it may open' }),
  appLinkUrl: Type.String({ description: 'The dashboard or visualization in the web app, with the time frame and query' }),
  message: Type.String({ description: 'Why it failed when FAILED; otherwise the message sent with the image' }),
  timeFrameFrom: Type.Integer(),
  timeFrameTo: Type.Integer(),
  snapshotTimeZone: Type.String(),
  progress: Type.Number({ description: 'How far the render and delivery are, 0..1' }),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer({ description: 'When the snapshot and its image are deleted (30 days after creation)' }),
  deliveries: Type.Array(SnapshotDelivery, { description: 'The outcome of each delivery' }),
});
export type SnapshotResponse = Static<typeof SnapshotResponse>;

export const SnapshotListQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const SnapshotList = Type.Object({ results: Type.Array(SnapshotResponse) });

export const ImageParams = Type.Object({ file: Type.String({ maxLength: 100 }) });
