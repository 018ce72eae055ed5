import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ArchiveService } from './archive-service.js';
import {
  ArchiveIdParams,
  ArchiveSettingsRequest,
  ArchiveSettingsResponse,
  ArchiveTestRequest,
  RestoreIdParams,
  RestoreRequest,
  RestoreResponse,
  archiveToWire,
  restoreToWire,
} from './archive-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' }, 409: { $ref: 'ErrorBody#' } } as const;
const tags = ['archive'];
const SETTINGS = '/v2/archive/settings';
/** The Go client calls the unversioned path; the v2 one is served as well (decision 0702). */
const RESTORE_PATHS = ['/archive/restore', '/v2/archive/restore'] as const;

/** Archive settings and restores of the caller's account, as the Logz.io Terraform provider manages them (decisions 0700-0705). */
export function archiveRoutes(service: ArchiveService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      SETTINGS,
      {
        schema: {
          tags,
          summary: 'Set up archiving',
          description: 'Each closed hour of the account’s logs is written, gzip NDJSON, under <accountId>/dt=YYYY-MM-DD/hour=HH/.',
          body: ArchiveSettingsRequest,
          response: { 200: ArchiveSettingsResponse, ...errors },
        },
      },
      async (request) => archiveToWire(await service.create(request.principal.accountId, request.body)),
    );
    app.get(
      SETTINGS,
      {
        schema: {
          tags,
          summary: 'List the archive settings of the account',
          response: { 200: Type.Array(ArchiveSettingsResponse), ...errors },
        },
      },
      async (request) => (await service.list(request.principal.accountId)).map(archiveToWire),
    );
    app.post(
      `${SETTINGS}/test`,
      {
        schema: {
          tags,
          summary: 'Test archive settings: write, read back and delete a probe object',
          body: ArchiveTestRequest,
          response: { 200: Type.Object({}), ...errors },
        },
      },
      async (request) => {
        await service.test(request.principal.accountId, request.body);
        return {};
      },
    );
    app.get(
      `${SETTINGS}/:id`,
      { schema: { tags, summary: 'Get archive settings', params: ArchiveIdParams, response: { 200: ArchiveSettingsResponse, ...errors } } },
      async (request) => archiveToWire(await service.get(request.principal.accountId, request.params.id)),
    );
    app.put(
      `${SETTINGS}/:id`,
      {
        schema: {
          tags,
          summary: 'Update archive settings (keys left out are kept)',
          params: ArchiveIdParams,
          body: ArchiveSettingsRequest,
          response: { 200: ArchiveSettingsResponse, ...errors },
        },
      },
      async (request) => archiveToWire(await service.update(request.principal.accountId, request.params.id, request.body)),
    );
    app.delete(
      `${SETTINGS}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete archive settings; what was archived stays',
          params: ArchiveIdParams,
          response: { 200: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.delete(request.principal.accountId, request.params.id);
        return reply.status(200).send(null);
      },
    );
    for (const path of RESTORE_PATHS) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: 'Initiate a restore of a time range into a new restored account',
            body: RestoreRequest,
            response: { 200: RestoreResponse, ...errors },
          },
        },
        async (request) => restoreToWire(await service.initiateRestore(request.principal.accountId, request.body)),
      );
      app.get(
        path,
        { schema: { tags, summary: 'List the restores of the account', response: { 200: Type.Array(RestoreResponse), ...errors } } },
        async (request) => (await service.listRestores(request.principal.accountId)).map(restoreToWire),
      );
      app.get(
        `${path}/:id`,
        { schema: { tags, summary: 'Get a restore', params: RestoreIdParams, response: { 200: RestoreResponse, ...errors } } },
        async (request) => restoreToWire(await service.getRestore(request.principal.accountId, request.params.id)),
      );
      app.delete(
        `${path}/:id`,
        {
          schema: {
            tags,
            summary: 'Abort a restore in progress, or delete a restored account with its logs',
            params: RestoreIdParams,
            response: { 200: RestoreResponse, ...errors },
          },
        },
        async (request) => restoreToWire(await service.deleteRestore(request.principal.accountId, request.params.id)),
      );
    }
  };
}
