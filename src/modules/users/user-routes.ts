import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { UserService } from './user-service.js';
import { AccountIdQuery, MessageResponse, UpsertUserBody, UserIdParams, UserIdResponse, UserResponse, userToWire } from './user-wire.js';

const NoBody = Type.Null({ description: 'Done; the body is empty' });

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['users'];

/** `/v1/user-management`: reference §2.3 (methods, paths and status codes the Terraform client accepts). */
export function userRoutes(users: UserService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/user-management',
      {
        schema: {
          tags,
          summary: 'Users of the account',
          querystring: AccountIdQuery,
          response: { 200: Type.Array(UserResponse), ...errors },
        },
      },
      async (request) => (await users.list(request.principal, request.query.accountId)).map(userToWire),
    );
    app.get(
      '/v1/user-management/recursive',
      {
        schema: {
          tags,
          summary: 'Users of the main account and all sub accounts (main-account token)',
          response: { 200: Type.Array(UserResponse), ...errors },
        },
      },
      async (request) => (await users.listRecursive(request.principal)).map(userToWire),
    );
    app.get(
      '/v1/user-management/:id',
      {
        schema: {
          tags,
          summary: 'One user',
          params: UserIdParams,
          querystring: AccountIdQuery,
          response: { 200: UserResponse, ...errors },
        },
      },
      async (request) => userToWire(await users.get(request.principal, request.params.id, request.query.accountId)),
    );
    app.post(
      '/v1/user-management',
      { schema: { tags, summary: 'Create a user', body: UpsertUserBody, response: { 200: UserIdResponse, ...errors } } },
      async (request) => users.create(request.principal, request.body),
    );
    app.put(
      '/v1/user-management/:id',
      {
        schema: {
          tags,
          summary: 'Update a user (the username cannot change)',
          params: UserIdParams,
          body: UpsertUserBody,
          response: { 200: UserIdResponse, ...errors },
        },
      },
      async (request) => users.update(request.principal, request.params.id, request.body),
    );
    app.delete(
      '/v1/user-management/:id',
      {
        schema: {
          tags,
          summary: 'Remove a user from the account the token determines',
          params: UserIdParams,
          querystring: AccountIdQuery,
          response: { 200: NoBody, ...errors },
        },
      },
      async (request, reply) => {
        await users.remove(request.principal, request.params.id, request.query.accountId);
        return reply.send();
      },
    );
    app.delete(
      '/v1/user-management/:id/recursive',
      {
        schema: {
          tags,
          summary: 'Remove a user from the main and all sub accounts',
          params: UserIdParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => users.removeRecursive(request.principal, request.params.id),
    );
    app.post(
      '/v1/user-management/suspend/:id',
      {
        schema: {
          tags,
          summary: 'Suspend a user',
          params: UserIdParams,
          querystring: AccountIdQuery,
          response: { 200: NoBody, ...errors },
        },
      },
      async (request, reply) => {
        await users.suspend(request.principal, request.params.id, request.query.accountId);
        return reply.send();
      },
    );
    app.post(
      '/v1/user-management/unsuspend/:id',
      {
        schema: {
          tags,
          summary: 'Unsuspend a user',
          params: UserIdParams,
          querystring: AccountIdQuery,
          response: { 200: NoBody, ...errors },
        },
      },
      async (request, reply) => {
        await users.unsuspend(request.principal, request.params.id, request.query.accountId);
        return reply.send();
      },
    );
    app.put(
      '/v1/user-management/:id/suspend/recursive',
      {
        schema: {
          tags,
          summary: 'Suspend a user in the main and all sub accounts',
          params: UserIdParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => users.suspendRecursive(request.principal, request.params.id),
    );
    app.put(
      '/v1/user-management/:id/unsuspend/recursive',
      {
        schema: {
          tags,
          summary: 'Unsuspend a user in the main and all sub accounts',
          params: UserIdParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => users.unsuspendRecursive(request.principal, request.params.id),
    );
  };
}
