import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AccountService } from './account-service.js';
import {
  CreateSubAccountBody,
  CreateSubAccountResponse,
  DetailedAccountResponse,
  detailedAccountToWire,
  SubAccountIdParams,
  SubAccountResponse,
  subAccountToWire,
  UpdateSubAccountBody,
} from './sub-account-wire.js';

const BASE = '/v1/account-management/time-based-accounts';
const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const NoBody = Type.Null({ description: 'Done; the body is empty' });
const tags = ['sub accounts'];

/** Sub accounts (reference §2.2): the status codes are the ones the Terraform client accepts, no others. */
export function subAccountRoutes(accounts: AccountService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      BASE,
      { schema: { tags, summary: 'The main account and its sub accounts', response: { 200: Type.Array(SubAccountResponse), ...errors } } },
      async (request) => (await accounts.listSubAccounts(request.principal)).map(subAccountToWire),
    );
    app.post(
      BASE,
      {
        schema: {
          tags,
          summary: 'Create a sub account (and its log shipping token)',
          body: CreateSubAccountBody,
          response: { 200: CreateSubAccountResponse, ...errors },
        },
      },
      async (request) => accounts.createSubAccount(request.principal, request.body),
    );
    app.get(
      `${BASE}/detailed`,
      {
        schema: {
          tags,
          summary: 'Detailed views of the main account and its sub accounts',
          response: { 200: Type.Array(DetailedAccountResponse), ...errors },
        },
      },
      async (request) => (await accounts.listDetailed(request.principal)).map(detailedAccountToWire),
    );
    app.get(
      `${BASE}/detailed/:id`,
      {
        schema: {
          tags,
          summary: 'Detailed view of one account',
          params: SubAccountIdParams,
          response: { 200: DetailedAccountResponse, ...errors },
        },
      },
      async (request) => detailedAccountToWire(await accounts.getDetailed(request.principal, request.params.id)),
    );
    app.get(
      `${BASE}/:id`,
      { schema: { tags, summary: 'One account', params: SubAccountIdParams, response: { 200: SubAccountResponse, ...errors } } },
      async (request) => subAccountToWire(await accounts.getSubAccount(request.principal, request.params.id)),
    );
    app.put(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: 'Replace every setting of an account (retention excepted)',
          params: SubAccountIdParams,
          body: UpdateSubAccountBody,
          response: { 204: NoBody, ...errors },
        },
      },
      async (request, reply) => {
        await accounts.updateSubAccount(request.principal, request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: "Delete a sub account with its users' memberships, tokens and logs",
          params: SubAccountIdParams,
          response: { 204: NoBody, ...errors },
        },
      },
      async (request, reply) => {
        await accounts.deleteSubAccount(request.principal, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
