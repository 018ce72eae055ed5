import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Actor, Principal } from '../../../shared/principal.js';
import type { SecurityRuleService } from './security-rule-service.js';
import { securityRuleToWire } from './security-rule-to-wire.js';
import {
  BulkDeleteRequest,
  BulkResponse,
  BulkUpdateRequest,
  RuleIdParams,
  RuleIdShortParams,
  RuleSearchRequest,
  RuleSearchResponse,
  SecurityRuleRequest,
  SecurityRuleResponse,
} from './security-rule-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['security rules'];
const BASE = '/v2/security/rules';

/** Security rules (reference §2.12): the status codes are those the Terraform client accepts. */
export function securityRuleRoutes(
  service: SecurityRuleService,
  actorOf: (principal: Principal) => Promise<Actor>,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      BASE,
      {
        schema: {
          tags,
          summary: 'Create a security rule (created and enabled)',
          body: SecurityRuleRequest,
          response: { 201: SecurityRuleResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(securityRuleToWire(await service.create(await actorOf(request.principal), request.body))),
    );
    app.post(
      `${BASE}/search`,
      {
        schema: {
          tags,
          summary: 'Search security rules; {} returns all',
          body: RuleSearchRequest,
          response: { 200: RuleSearchResponse, ...errors },
        },
      },
      async (request) => {
        const page = await service.search(request.principal.accountId, request.body);
        return {
          total: page.total,
          results: page.results.map(securityRuleToWire),
          pagination: { pageNumber: page.pageNumber, pageSize: page.pageSize },
        };
      },
    );
    app.post(
      `${BASE}/bulk/update`,
      {
        schema: {
          tags,
          summary: 'Enable, disable or change recipients of the rules the filters select',
          body: BulkUpdateRequest,
          response: { 200: BulkResponse, ...errors },
        },
      },
      async (request) => {
        const result = await service.bulkUpdate(await actorOf(request.principal), request.body);
        return { total: result.ruleIds.length, ...result };
      },
    );
    app.post(
      `${BASE}/bulk/delete`,
      {
        schema: {
          tags,
          summary: 'Delete the rules the filters select (built-in rules stay)',
          body: BulkDeleteRequest,
          response: { 200: BulkResponse, ...errors },
        },
      },
      async (request) => {
        const result = await service.bulkDelete(request.principal.accountId, request.body);
        return { total: result.ruleIds.length, ...result };
      },
    );
    app.get(
      `${BASE}/:ruleId`,
      { schema: { tags, summary: 'Get a security rule', params: RuleIdParams, response: { 200: SecurityRuleResponse, ...errors } } },
      async (request) => securityRuleToWire(await service.get(request.principal.accountId, request.params.ruleId)),
    );
    app.put(
      `${BASE}/:ruleId`,
      {
        schema: {
          tags,
          summary: 'Replace a security rule',
          params: RuleIdParams,
          body: SecurityRuleRequest,
          response: { 200: SecurityRuleResponse, ...errors },
        },
      },
      async (request) => securityRuleToWire(await service.update(await actorOf(request.principal), request.params.ruleId, request.body)),
    );
    app.delete(
      `${BASE}/:ruleId`,
      {
        schema: {
          tags,
          summary: 'Delete a security rule; answers the deleted rule',
          params: RuleIdParams,
          response: { 200: SecurityRuleResponse, ...errors },
        },
      },
      async (request) => securityRuleToWire(await service.delete(request.principal.accountId, request.params.ruleId)),
    );
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `${BASE}/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'enable' ? 'Enable' : 'Disable'} a security rule`,
            params: RuleIdShortParams,
            response: { 204: Type.Null(), ...errors },
          },
        },
        async (request, reply) => {
          await service.setEnabled(await actorOf(request.principal), request.params.id, action === 'enable');
          return reply.status(204).send(null);
        },
      );
    }
  };
}
