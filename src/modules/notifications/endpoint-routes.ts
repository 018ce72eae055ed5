import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { hasCapability, type Principal } from '../../shared/principal.js';
import { maskedSettings } from './endpoint-secrets-masked.js';
import { settingsToWire } from './endpoint-settings.js';
import { ENDPOINT_SLUGS, ENDPOINT_TYPES, type NotificationEndpoint } from './endpoint-types.js';
import { EndpointIdParams, EndpointIdResponse, EndpointResponse, EndpointTestQuery, endpointRequestSchema } from './endpoint-wire.js';
import type { NotificationService } from './notification-service.js';

/** An endpoint as `principal` may see it: secrets only for who may change the endpoint (decision 0610). */
function toWire(endpoint: NotificationEndpoint, principal: Principal): EndpointResponse {
  const settings = hasCapability(principal, 'write') ? endpoint.settings : maskedSettings(endpoint.settings);
  return {
    endpointType: ENDPOINT_TYPES[endpoint.settings.slug].endpointType,
    id: endpoint.id,
    title: endpoint.title,
    description: endpoint.description,
    ...settingsToWire(settings),
  };
}

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;

export function endpointRoutes(service: NotificationService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/endpoints',
      {
        schema: {
          tags: ['notification endpoints'],
          summary: 'List the notification endpoints of the account',
          response: { 200: Type.Array(EndpointResponse) },
        },
      },
      async (request) => (await service.list(request.principal.accountId)).map((endpoint) => toWire(endpoint, request.principal)),
    );
    app.get(
      '/v1/endpoints/:id',
      {
        schema: {
          tags: ['notification endpoints'],
          summary: 'Get a notification endpoint',
          params: EndpointIdParams,
          response: { 200: EndpointResponse, ...errors },
        },
      },
      async (request) => toWire(await service.get(request.principal.accountId, request.params.id), request.principal),
    );
    app.delete(
      '/v1/endpoints/:id',
      {
        schema: {
          tags: ['notification endpoints'],
          summary: 'Delete a notification endpoint',
          params: EndpointIdParams,
          response: { 204: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.delete(request.principal.accountId, request.params.id);
        return reply.status(204).send(null);
      },
    );
    for (const slug of ENDPOINT_SLUGS) {
      const type = ENDPOINT_TYPES[slug].endpointType;
      app.post(
        `/v1/endpoints/${slug}`,
        {
          schema: {
            tags: ['notification endpoints'],
            summary: `Create a ${type} endpoint (or, with test=true, send a test message)`,
            querystring: EndpointTestQuery,
            body: endpointRequestSchema(slug),
            response: { 200: EndpointIdResponse, ...errors },
          },
        },
        async (request) => service.create(request.principal.accountId, slug, request.body, request.query.test === true),
      );
      app.put(
        `/v1/endpoints/${slug}/:id`,
        {
          schema: {
            tags: ['notification endpoints'],
            summary: `Replace a ${type} endpoint (or, with test=true, send a test message)`,
            params: EndpointIdParams,
            querystring: EndpointTestQuery,
            body: endpointRequestSchema(slug),
            response: { 200: EndpointIdResponse, ...errors },
          },
        },
        async (request) => service.update(request.principal.accountId, request.params.id, slug, request.body, request.query.test === true),
      );
    }
  };
}
