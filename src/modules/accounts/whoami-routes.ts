import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccountService } from './account-service.js';
import { LegacyWhoamiResponse, WhoamiResponse } from './account-wire.js';

export function whoamiRoutes(accounts: AccountService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v2/whoami',
      {
        schema: {
          tags: ['identity'],
          summary: 'The account of the API token',
          description: 'Use it to test connectivity or to confirm the token belongs to the right account.',
          response: { 200: WhoamiResponse, 403: { $ref: 'LegacyErrorBody#' } },
        },
      },
      async (request) => accounts.whoami(request.principal),
    );
    app.get(
      '/v1/account-management/whoami',
      { schema: { tags: ['identity'], summary: 'Legacy whoami (account name only)', response: { 200: LegacyWhoamiResponse } } },
      async (request) => ({ accountName: accounts.whoami(request.principal).accountName }),
    );
  };
}
