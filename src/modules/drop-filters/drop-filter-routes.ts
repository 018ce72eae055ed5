import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { DropFilterService } from './drop-filter-service.js';
import { CreateDropFilterRequest, DropFilterIdParams, DropFilterResponse, dropFilterToWire } from './drop-filter-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['drop filters'];

/** Drop filters of the caller's Logs account, as the Logz.io Terraform provider manages them. */
export function dropFilterRoutes(service: DropFilterService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/drop-filters',
      {
        schema: {
          tags,
          summary: 'Create and activate a drop filter',
          description: 'Matching logs are dropped by the listener before they are stored or counted against the daily cap.',
          body: CreateDropFilterRequest,
          response: { 200: DropFilterResponse, ...errors },
        },
      },
      async (request) => dropFilterToWire(await service.create(request.principal.accountId, request.body)),
    );
    app.post(
      '/v1/drop-filters/search',
      {
        schema: {
          tags,
          summary: 'List the drop filters of the account, active and inactive',
          response: { 200: Type.Array(DropFilterResponse), ...errors },
        },
      },
      async (request) => (await service.list(request.principal.accountId)).map(dropFilterToWire),
    );
    for (const action of ['activate', 'deactivate'] as const) {
      app.post(
        `/v1/drop-filters/:id/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'activate'
                ? 'Activate a drop filter'
                : 'Deactivate a drop filter (takes effect on every listener within a second)',
            params: DropFilterIdParams,
            response: { 200: DropFilterResponse, ...errors },
          },
        },
        async (request) => dropFilterToWire(await service.setActive(request.principal.accountId, request.params.id, action === 'activate')),
      );
    }
    app.delete(
      '/v1/drop-filters/:id',
      {
        schema: {
          tags,
          summary: 'Delete a drop filter; answers the deleted filter',
          params: DropFilterIdParams,
          response: { 200: DropFilterResponse, ...errors },
        },
      },
      async (request) => dropFilterToWire(await service.delete(request.principal.accountId, request.params.id)),
    );
  };
}
