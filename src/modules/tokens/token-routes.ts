import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TokenManagementService } from './token-management-service.js';
import {
  apiTokenToWire,
  ApiTokenResponse,
  CreateApiTokenBody,
  CreateShippingTokenBody,
  SearchShippingTokensBody,
  ShippingTokenLimits,
  ShippingTokenPage,
  ShippingTokenResponse,
  shippingTokenToWire,
  TokenIdParams,
  UpdateShippingTokenBody,
} from './token-wire.js';

const BASE = '/v1/log-shipping/tokens';
const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['tokens'];

/** Log shipping tokens (reference appendix A) and API tokens for sub accounts, managed over the API. */
export function tokenRoutes(tokens: TokenManagementService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      BASE,
      {
        schema: {
          tags,
          summary: 'Create a log shipping token',
          body: CreateShippingTokenBody,
          response: { 201: ShippingTokenResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(shippingTokenToWire(await tokens.createShippingToken(request.principal, request.body))),
    );
    app.post(
      `${BASE}/search`,
      {
        schema: {
          tags,
          summary: "Filter, sort and page the account's log shipping tokens",
          body: SearchShippingTokensBody,
          response: { 200: ShippingTokenPage, ...errors },
        },
      },
      async (request) => {
        const pagination = request.body.pagination ?? { pageNumber: 1, pageSize: 25 };
        const found = await tokens.searchShippingTokens(request.principal, {
          enabled: request.body.filter?.enabled,
          sort: request.body.sort,
          ...pagination,
        });
        return { total: found.total, results: found.tokens.map(shippingTokenToWire), pagination };
      },
    );
    app.get(
      `${BASE}/limits`,
      {
        schema: {
          tags,
          summary: 'How many log shipping tokens are enabled and allowed',
          response: { 200: ShippingTokenLimits, ...errors },
        },
      },
      async (request) => tokens.shippingTokenLimits(request.principal),
    );
    app.get(
      `${BASE}/:id`,
      { schema: { tags, summary: 'One log shipping token', params: TokenIdParams, response: { 200: ShippingTokenResponse, ...errors } } },
      async (request) => shippingTokenToWire(await tokens.getShippingToken(request.principal, request.params.id)),
    );
    app.put(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: 'Rename, enable or disable a log shipping token',
          params: TokenIdParams,
          body: UpdateShippingTokenBody,
          response: { 200: ShippingTokenResponse, ...errors },
        },
      },
      async (request) => shippingTokenToWire(await tokens.updateShippingToken(request.principal, request.params.id, request.body)),
    );
    app.delete(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a log shipping token; it stops working at once',
          params: TokenIdParams,
          response: { 200: ShippingTokenResponse, ...errors },
        },
      },
      async (request) => shippingTokenToWire(await tokens.deleteShippingToken(request.principal, request.params.id)),
    );
    app.post(
      '/v1/api-tokens/sub-account',
      {
        schema: {
          tags,
          summary: 'Create an API token for a sub account (main-account token)',
          body: CreateApiTokenBody,
          response: { 200: ApiTokenResponse, ...errors },
        },
      },
      async (request) => apiTokenToWire(await tokens.createApiToken(request.principal, request.body)),
    );
  };
}
