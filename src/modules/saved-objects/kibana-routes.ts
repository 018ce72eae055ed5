import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ExportRequest, ExportResponse, ImportRequest, ImportResponse, OsdDeletePath } from './kibana-wire.js';
import type { SavedObjectService } from './saved-object-service.js';

const tags = ['saved objects'];
const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' }, 409: { $ref: 'ErrorBody#' } } as const;

/** Logz.io's saved-object export, import and delete (reference §2.5, SPEC.md "Saved-object export"). */
export function kibanaRoutes(service: SavedObjectService): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Tutorials show the export without the version prefix (Logz.io's Kibana spec both); each path answers the same.
    for (const path of ['/v1/kibana/export', '/kibana/export']) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: 'Export the saved objects of one type',
            description: 'Each hit as it was imported or saved; `_id` is `<type>:<id>`. One request per type.',
            body: ExportRequest,
            response: { 200: ExportResponse, 400: errors[400] },
          },
        },
        async (request) => service.exportType(request.principal, request.body.type),
      );
    }
    for (const path of ['/v1/kibana/import', '/kibana/import']) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: 'Import saved objects',
            description: 'New objects are created; existing ones are replaced with `override: true`, else left alone (ignored).',
            body: ImportRequest,
            response: { 200: ImportResponse, 400: errors[400] },
          },
        },
        async (request) => {
          const { failures, ...lists } = await service.import(request.principal, request.body);
          if (failures.length > 0) request.log.info({ failures: failures.slice(0, 20) }, 'saved-object import: hits failed');
          return lists;
        },
      );
    }
    app.delete(
      '/v1/osd/saved-objects/:type/:id',
      {
        schema: {
          tags,
          summary: 'Delete a saved object; refused (409) while other objects reference it',
          params: OsdDeletePath,
          response: { 200: Type.Object({}), ...errors },
        },
      },
      async (request) => {
        await service.delete(request.principal, request.params.type, request.params.id);
        return {};
      },
    );
  };
}
