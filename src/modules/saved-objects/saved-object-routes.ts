import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { SavedObjectService } from './saved-object-service.js';
import { SAVED_OBJECT_TYPES } from './saved-object.js';
import { createBody, ListQuery, ObjectPath, SavedObjectList, SavedObjectSchema, updateBody } from './saved-object-wire.js';

const tags = ['saved objects'];
const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' }, 409: { $ref: 'ErrorBody#' } } as const;

/** The web app's saved-object API, `/v1/saved-objects/{type}[/{id}]` (beyond Logz.io; decision 0500). */
export function savedObjectRoutes(service: SavedObjectService): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const type of SAVED_OBJECT_TYPES) {
      const base = `/v1/saved-objects/${type}`;
      app.get(
        base,
        {
          schema: {
            tags,
            summary: `List saved ${type} objects by title`,
            querystring: ListQuery,
            response: { 200: SavedObjectList, 400: errors[400] },
          },
        },
        async (request) =>
          service.list(request.principal, type, {
            search: request.query.search,
            page: request.query.page ?? 1,
            perPage: request.query.perPage ?? 50,
          }),
      );
      app.get(
        `${base}/:id`,
        { schema: { tags, summary: `Get a saved ${type}`, params: ObjectPath, response: { 200: SavedObjectSchema, ...errors } } },
        async (request) => service.get(request.principal, type, request.params.id),
      );
      app.post(
        base,
        { schema: { tags, summary: `Save a new ${type}`, body: createBody(type), response: { 200: SavedObjectSchema, ...errors } } },
        async (request) => service.create(request.principal, type, request.body),
      );
      app.put(
        `${base}/:id`,
        {
          schema: {
            tags,
            summary: `Replace a saved ${type}'s attributes and references`,
            params: ObjectPath,
            body: updateBody(type),
            response: { 200: SavedObjectSchema, ...errors },
          },
        },
        async (request) => service.update(request.principal, type, request.params.id, request.body),
      );
      app.delete(
        `${base}/:id`,
        {
          schema: {
            tags,
            summary: `Delete a saved ${type}; refused (409) while other objects reference it`,
            params: ObjectPath,
            response: { 204: Type.Null(), ...errors },
          },
        },
        async (request, reply) => {
          await service.delete(request.principal, type, request.params.id);
          return reply.status(204).send(null);
        },
      );
    }
  };
}
