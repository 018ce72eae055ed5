import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TriggeredAlertService } from '../triggered/triggered-alert-service.js';
import { TriggeredAlertsRequest, TriggeredAlertsResponse } from './triggered-alert-wire.js';

export function triggeredAlertRoutes(service: TriggeredAlertService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/alerts/triggered-alerts',
      {
        // Filters may come only in the query string, with no body at all.
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) (request as { body: unknown }).body = {};
        },
        schema: {
          tags: ['alerts'],
          summary: 'List triggered alerts',
          description: 'Filters may come in the JSON body or the query string (Logz.io documented both); the body wins.',
          querystring: TriggeredAlertsRequest,
          body: TriggeredAlertsRequest,
          response: { 200: TriggeredAlertsResponse, 400: { $ref: 'ErrorBody#' } },
        },
      },
      async (request) => service.search(request.principal.accountId, { ...request.query, ...request.body }),
    );
  };
}
