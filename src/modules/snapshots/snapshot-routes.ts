import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SnapshotService } from './snapshot-service.js';
import {
  CreateSnapshotRequest,
  CreateSnapshotResponse,
  ImageParams,
  SnapshotIdParams,
  SnapshotList,
  SnapshotListQuery,
  SnapshotResponse,
} from './snapshot-wire.js';

const TAGS = ['snapshots'];
const ERRORS = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } };

export function snapshotRoutes(service: SnapshotService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/snapshotter',
      {
        schema: {
          tags: TAGS,
          summary: 'Take a snapshot of a dashboard or visualization',
          description:
            'Answers at once with the snapshot id; the image is rendered and sent (e-mail with the image, Slack with its link, notification endpoints) in the background. Follow it with GET /v1/snapshotter/{snapshotId}.',
          body: CreateSnapshotRequest,
          response: { 200: CreateSnapshotResponse, ...ERRORS },
        },
      },
      async (request) => service.create(request.principal, request.body, `${request.protocol}://${request.host}`),
    );

    app.get(
      '/v1/snapshotter',
      {
        schema: {
          tags: TAGS,
          summary: "The account's snapshots, newest first",
          description: "Not in Logz.io's API: the web app lists snapshots with it.",
          querystring: SnapshotListQuery,
          response: { 200: SnapshotList },
        },
      },
      async (request) => ({ results: await service.list(request.principal, request.query.size ?? 50) }),
    );

    app.get(
      '/v1/snapshotter/:snapshotId',
      {
        schema: {
          tags: TAGS,
          summary: 'A snapshot: its status (IN_PROGRESS, SUCCESS, FAILED with why), image link and app link',
          params: SnapshotIdParams,
          response: { 200: SnapshotResponse, ...ERRORS },
        },
      },
      async (request) => service.get(request.principal, request.params.snapshotId),
    );

    app.get(
      '/v1/snapshotter/images/:file',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          security: [],
          summary: 'A snapshot image (PNG)',
          description:
            'The link is the credential (256 random bits), so it opens from an e-mail or Slack; it answers 404 once the snapshot expired.',
          params: ImageParams,
        },
      },
      async (request, reply) => {
        const png = await service.image(request.params.file);
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .send(Buffer.from(png));
      },
    );
  };
}
