import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Principal } from '../../../shared/principal.js';
import type { Alert } from '../definition/alert.js';
import type { AlertActor, AlertService } from '../definition/alert-service.js';
import { AlertIdParams, AlertIdShortParams, AlertRequest, AlertResponse } from './alert-wire.js';

export function alertToWire(alert: Alert): AlertResponse {
  const { schedule, unified: _unified, ...definition } = alert.definition;
  return {
    id: alert.id,
    createdAt: new Date(alert.createdAt).toISOString(),
    createdBy: alert.createdBy,
    updatedAt: new Date(alert.updatedAt).toISOString(),
    updatedBy: alert.updatedBy,
    ...(definition as Omit<AlertResponse, 'id' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'>),
    // Logz.io answers a schedule always (null cron without one); SPEC.md names the field `cron`, the Terraform
    // client `cronExpression`: both are answered when there is a cron.
    schedule:
      schedule?.cronExpression === undefined
        ? { cronExpression: null, timezone: schedule?.timezone ?? 'UTC' }
        : { ...schedule, cronExpression: schedule.cronExpression, cron: schedule.cronExpression, timezone: schedule.timezone ?? 'UTC' },
  };
}

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['alerts'];

/** `actorOf` resolves the e-mail recorded as createdBy/updatedBy for the caller. */
export function alertRoutes(service: AlertService, actorOf: (principal: Principal) => Promise<AlertActor>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v2/alerts',
      { schema: { tags, summary: 'List the alerts of the account', response: { 200: Type.Array(AlertResponse) } } },
      async (request) => (await service.list(request.principal.accountId)).map(alertToWire),
    );
    app.post(
      '/v2/alerts',
      { schema: { tags, summary: 'Create an alert', body: AlertRequest, response: { 200: AlertResponse, ...errors } } },
      async (request) => alertToWire(await service.create(await actorOf(request.principal), request.body)),
    );
    app.get(
      '/v2/alerts/:alertId',
      { schema: { tags, summary: 'Get an alert', params: AlertIdParams, response: { 200: AlertResponse, ...errors } } },
      async (request) => alertToWire(await service.get(request.principal.accountId, request.params.alertId)),
    );
    app.put(
      '/v2/alerts/:alertId',
      {
        schema: {
          tags,
          summary: 'Replace an alert',
          params: AlertIdParams,
          body: AlertRequest,
          response: { 200: AlertResponse, ...errors },
        },
      },
      async (request) => alertToWire(await service.update(await actorOf(request.principal), request.params.alertId, request.body)),
    );
    app.delete(
      '/v2/alerts/:alertId',
      {
        schema: {
          tags,
          summary: 'Delete an alert; answers the deleted alert',
          params: AlertIdParams,
          response: { 200: AlertResponse, ...errors },
        },
      },
      async (request) => alertToWire(await service.delete(request.principal.accountId, request.params.alertId)),
    );
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `/v2/alerts/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'enable' ? 'Enable' : 'Disable'} an alert`,
            params: AlertIdShortParams,
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
