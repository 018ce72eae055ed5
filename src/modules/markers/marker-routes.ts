import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { MarkerService } from './marker-service.js';
import { CreateMarkersRequest } from './marker-wire.js';

export function markerRoutes(service: MarkerService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v2/markers/create-markers',
      {
        schema: {
          tags: ['deployment markers'],
          summary: 'Record deployment markers',
          description:
            'Each marker is stored as a log of the account with type deployment-marker, so it can be searched and drawn on graphs.',
          body: CreateMarkersRequest,
          response: { 204: Type.Null(), 400: { $ref: 'ErrorBody#' } },
        },
      },
      async (request, reply) => {
        await service.create(request.principal.accountId, request.body.markers);
        return reply.status(204).send(null);
      },
    );
  };
}
