import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requireFeature, type FeatureGrantService } from '../feature-grants/index.js';
import type { SharedTokenService } from './shared-token-service.js';
import {
  CreateFilterBody,
  CreateSharedTokenBody,
  filterToWire,
  QueryFilterResponse,
  SharedTokenIdParams,
  SharedTokenResponse,
  sharedTokenToWire,
  UpdateSharedTokenBody,
} from './shared-token-wire.js';

const BASE = '/v1/shared-tokens';
const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['shared tokens'];

/** Shared tokens and their query filters (reference §2.14); every route needs the account's shared-tokens grant. */
export function sharedTokenRoutes(service: SharedTokenService, grants: Pick<FeatureGrantService, 'has'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    requireFeature(app, grants, 'shared-tokens');

    app.get(
      `${BASE}/filters`,
      { schema: { tags, summary: "The account's query filters", response: { 200: Type.Array(QueryFilterResponse), ...errors } } },
      async (request) => (await service.listFilters(request.principal.accountId)).map(filterToWire),
    );
    app.post(
      `${BASE}/filters`,
      {
        schema: {
          tags,
          summary: 'Create a query filter',
          description: 'field and value must match ^[a-zA-Z0-9_@.-]+$.',
          body: CreateFilterBody,
          response: { 200: QueryFilterResponse, ...errors },
        },
      },
      async (request) => filterToWire(await service.createFilter(request.principal.accountId, request.body)),
    );
    app.get(
      `${BASE}/filters/:id`,
      { schema: { tags, summary: 'One query filter', params: SharedTokenIdParams, response: { 200: QueryFilterResponse, ...errors } } },
      async (request) => filterToWire(await service.getFilter(request.principal.accountId, request.params.id)),
    );
    app.delete(
      `${BASE}/filters/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a query filter',
          description: 'A filter attached to a shared token is refused (400): detach it first, so no token is widened.',
          params: SharedTokenIdParams,
          response: { 200: Type.Unknown({ description: 'No body' }), ...errors },
        },
      },
      async (request, reply) => {
        await service.deleteFilter(request.principal.accountId, request.params.id);
        // 200 with no body, as the reference lists it.
        return reply.status(200).send(undefined);
      },
    );

    app.get(
      BASE,
      { schema: { tags, summary: "The account's shared tokens", response: { 200: Type.Array(SharedTokenResponse), ...errors } } },
      async (request) => (await service.listTokens(request.principal.accountId)).map((record) => sharedTokenToWire(record)),
    );
    app.post(
      BASE,
      {
        schema: {
          tags,
          summary: 'Create a read-only shared token',
          description: 'The token value is in this response only; it is stored hashed.',
          body: CreateSharedTokenBody,
          response: { 200: SharedTokenResponse, ...errors },
        },
      },
      async (request) => {
        const { record, token } = await service.createToken(request.principal.accountId, {
          name: request.body.tokenName,
          filters: request.body.filters ?? [],
          filtersOperator: request.body.filtersOperator ?? 'AND',
          expirationDate: request.body.expirationDate ?? null,
        });
        return sharedTokenToWire(record, token);
      },
    );
    app.get(
      `${BASE}/:id`,
      { schema: { tags, summary: 'One shared token', params: SharedTokenIdParams, response: { 200: SharedTokenResponse, ...errors } } },
      async (request) => sharedTokenToWire(await service.getToken(request.principal.accountId, request.params.id)),
    );
    app.put(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: "Replace a shared token's filters",
          params: SharedTokenIdParams,
          body: UpdateSharedTokenBody,
          response: { 200: SharedTokenResponse, ...errors },
        },
      },
      async (request) => sharedTokenToWire(await service.updateTokenFilters(request.principal.accountId, request.params.id, request.body)),
    );
    app.delete(
      `${BASE}/:id`,
      { schema: { tags, summary: 'Delete a shared token', params: SharedTokenIdParams, response: { 204: Type.Null(), ...errors } } },
      async (request, reply) => {
        await service.deleteToken(request.principal.accountId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
