import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Principal } from '../../../shared/principal.js';
import { alertErrors } from '../alert-errors.js';
import type { AlertActor, AlertService } from '../definition/alert-service.js';
import { alertIdOf, alertRequestOf, unifiedAlertToWire } from './unified-alert-mapping.js';
import { UnifiedAlertIdParams, UnifiedAlertRequest, UnifiedAlertResponse } from './unified-alert-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['unified alerts'];
const LOGS = '/v2/unified-alerts/logs';
const METRICS = '/v2/unified-alerts/metrics';

/**
 * Logz.io's unified alerts API for log alerts: the same alerts as /v2/alerts (one store, one engine), so an alert made
 * through either is read and evaluated through both. Metrics alerts answer 400: metrics accounts are not part of Logward.
 */
export function unifiedAlertRoutes(
  service: AlertService,
  actorOf: (principal: Principal) => Promise<AlertActor>,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      LOGS,
      {
        schema: {
          tags,
          summary: 'Create a unified log alert',
          body: UnifiedAlertRequest,
          response: { 200: UnifiedAlertResponse, ...errors },
        },
      },
      async (request) => {
        const { request: alert, unified } = alertRequestOf(request.body);
        return unifiedAlertToWire(await service.create(await actorOf(request.principal), alert, unified));
      },
    );
    app.get(
      `${LOGS}/:id`,
      {
        schema: {
          tags,
          summary: 'Get a unified log alert',
          params: UnifiedAlertIdParams,
          response: { 200: UnifiedAlertResponse, ...errors },
        },
      },
      async (request) => unifiedAlertToWire(await service.get(request.principal.accountId, alertIdOf(request.params.id))),
    );
    app.put(
      `${LOGS}/:id`,
      {
        schema: {
          tags,
          summary: 'Replace a unified log alert',
          params: UnifiedAlertIdParams,
          body: UnifiedAlertRequest,
          response: { 200: UnifiedAlertResponse, ...errors },
        },
      },
      async (request) => {
        const id = alertIdOf(request.params.id);
        const { request: alert, unified } = alertRequestOf(request.body);
        return unifiedAlertToWire(await service.update(await actorOf(request.principal), id, alert, unified));
      },
    );
    app.delete(
      `${LOGS}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a unified log alert; answers the deleted alert',
          params: UnifiedAlertIdParams,
          response: { 200: UnifiedAlertResponse, ...errors },
        },
      },
      async (request) => unifiedAlertToWire(await service.delete(request.principal.accountId, alertIdOf(request.params.id))),
    );
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `${LOGS}/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'enable' ? 'Enable' : 'Disable'} a unified log alert`,
            params: UnifiedAlertIdParams,
            response: { 204: Type.Null(), ...errors },
          },
        },
        async (request, reply) => {
          await service.setEnabled(await actorOf(request.principal), alertIdOf(request.params.id), action === 'enable');
          return reply.status(204).send(null);
        },
      );
    }

    const refuseMetrics = async (): Promise<never> => {
      throw alertErrors.metricsNotSupported('type');
    };
    const metricsSchema = { tags, summary: 'Metrics alerts: 400, metrics accounts are not part of Logward', response: errors };
    app.post(METRICS, { schema: metricsSchema }, refuseMetrics);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      app.route({ method, url: `${METRICS}/:id`, schema: { ...metricsSchema, params: UnifiedAlertIdParams }, handler: refuseMetrics });
    }
  };
}
