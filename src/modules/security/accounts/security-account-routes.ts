import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CreatedSecurityAccount, SecurityAccountService } from './security-account-service.js';
import { CreateSecurityAccountBody, SecurityAccountResponse } from './security-account-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' } } as const;
const tags = ['security'];

function toWire(created: CreatedSecurityAccount): SecurityAccountResponse {
  return {
    accountId: created.account.id,
    accountName: created.account.name,
    accountsToScan: [...created.scanned],
    isUsingRepositoryAccount: created.settings.isUsingRepositoryAccount,
    // The reference's `yyyy-mm-ddThh:mm:ssZ`: seconds, no fraction.
    createdAt: new Date(created.settings.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

export function securityAccountRoutes(service: SecurityAccountService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v2/account-management/siem',
      {
        schema: {
          tags,
          summary: 'Create a security (SIEM) account with a main Logs account token',
          body: CreateSecurityAccountBody,
          response: { 200: SecurityAccountResponse, ...errors },
        },
      },
      async (request) => toWire(await service.create(request.principal, request.body)),
    );
  };
}
