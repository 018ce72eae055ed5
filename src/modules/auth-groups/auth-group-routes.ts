import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthGroupService } from './auth-group-service.js';
import { AuthenticationGroups } from './auth-group-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' } } as const;
const tags = ['authentication groups'];

/** `/v1/authentication/groups`: always 200 with a JSON array (the Terraform client destroys by posting `[]`). */
export function authGroupRoutes(groups: AuthGroupService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/authentication/groups',
      { schema: { tags, summary: "The account's authentication groups", response: { 200: AuthenticationGroups, ...errors } } },
      async (request) => groups.list(request.principal),
    );
    app.post(
      '/v1/authentication/groups',
      {
        schema: {
          tags,
          summary: 'Replace the whole set of groups; ends all user sessions',
          body: AuthenticationGroups,
          response: { 200: AuthenticationGroups, ...errors },
        },
      },
      async (request) => groups.replace(request.principal, request.body),
    );
  };
}
