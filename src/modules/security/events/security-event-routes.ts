import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Actor, Principal } from '../../../shared/principal.js';
import type { SecurityEventService } from './security-event-service.js';
import {
  DrillDownRequest,
  DrillDownResponse,
  EventSearchRequest,
  EventSearchResponse,
  RuleIdOfEventsParams,
  TriagedEventResponse,
  TriageRequest,
} from './security-event-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['security events'];

/** Security events (reference §2.12): search, drill-down into the logs behind one, triage. */
export function securityEventRoutes(
  service: SecurityEventService,
  actorOf: (principal: Principal) => Promise<Actor>,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v2/security/rules/events/search',
      {
        schema: {
          tags,
          summary: 'Search security events; an empty body returns all events within retention (muted ones on request)',
          body: EventSearchRequest,
          response: { 200: EventSearchResponse, ...errors },
        },
      },
      async (request) => service.search(request.principal.accountId, request.body),
    );
    app.post(
      '/v2/security/rules/events/logs/search',
      {
        schema: {
          tags,
          summary: 'The logs that made one security event fire',
          body: DrillDownRequest,
          response: { 200: DrillDownResponse, ...errors },
        },
      },
      async (request) => service.drillDown(request.principal.accountId, request.body),
    );
    app.put(
      '/v2/security/rules/events/:ruleId',
      {
        schema: {
          tags,
          summary: "Triage a rule's events: status, assignee, comment, mute (with an optional expiry); every change is kept",
          params: RuleIdOfEventsParams,
          body: TriageRequest,
          response: { 201: Type.Array(TriagedEventResponse), ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.triage(await actorOf(request.principal), request.params.ruleId, request.body)),
    );
  };
}
