import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { S3FetcherService } from './s3-fetcher-service.js';
import { S3FetcherIdParams, S3FetcherRequest, S3FetcherResponse, s3FetcherToWire } from './s3-fetcher-wire.js';

const errors = { 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } } as const;
const tags = ['s3 fetchers'];
const path = '/v1/log-shipping/s3-buckets';

/** S3 fetchers of the caller's Logs account, as the Logz.io Terraform provider manages them (decision 0710). */
export function s3FetcherRoutes(service: S3FetcherService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Create an S3 fetcher',
          description: 'New objects under the prefix are read on a schedule, decompressed, parsed and ingested with the log type.',
          body: S3FetcherRequest,
          response: { 201: S3FetcherResponse, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(s3FetcherToWire(await service.create(request.principal.accountId, request.body))),
    );
    app.get(
      path,
      { schema: { tags, summary: 'List the S3 fetchers of the account', response: { 200: Type.Array(S3FetcherResponse), ...errors } } },
      async (request) => (await service.list(request.principal.accountId)).map(s3FetcherToWire),
    );
    app.get(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: 'Get an S3 fetcher with what it read and its last error',
          params: S3FetcherIdParams,
          response: { 200: S3FetcherResponse, ...errors },
        },
      },
      async (request) => s3FetcherToWire(await service.get(request.principal.accountId, request.params.id)),
    );
    app.put(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: 'Update an S3 fetcher (keys left out are kept)',
          params: S3FetcherIdParams,
          body: S3FetcherRequest,
          response: { 200: S3FetcherResponse, ...errors },
        },
      },
      async (request) => s3FetcherToWire(await service.update(request.principal.accountId, request.params.id, request.body)),
    );
    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete an S3 fetcher; what it ingested stays',
          params: S3FetcherIdParams,
          response: { 200: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.delete(request.principal.accountId, request.params.id);
        return reply.status(200).send(null);
      },
    );
  };
}
