import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireFeature, type FeatureGrantService } from '../feature-grants/index.js';
import type { InsightService } from './insight-service.js';
import { InsightPage, ListInsightsBody } from './insight-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 403: { $ref: 'LegacyErrorBody#' } } as const;

/** `POST /v1/insights/list` (reference §2.10); needs the account's insights grant. */
export function insightRoutes(service: InsightService, grants: Pick<FeatureGrantService, 'has'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    requireFeature(app, grants, 'insights');
    app.post(
      '/v1/insights/list',
      {
        schema: {
          tags: ['insights'],
          summary: 'List insights: recurring warning and error templates (LOGCEPTION) and known errors (PUBLIC_CI)',
          description:
            'Insights that occurred between startDate and endDate (default the last 15 minutes; at most 6 months back). ' +
            'A template counts once seen 3 times. Learned by a background job from warning and error logs.',
          body: ListInsightsBody,
          response: { 200: InsightPage, ...errors },
        },
        // Every field has a default, so no body at all means all defaults (an empty body is no body, decision 0104).
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request) => service.list(request.principal.accountId, request.body ?? {}),
    );
  };
}
