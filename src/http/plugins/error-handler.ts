import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type AppError } from '../../shared/app-error.js';
import { elasticsearchErrorBody, legacyErrorBody, logzioErrorBody, sendErrorReply, toAppError } from '../errors/error-reply.js';
import { ELASTICSEARCH_ERROR_TYPE } from '../errors/error-status.js';
import { httpErrors } from '../errors/http-errors.js';

/** Routes answer errors in the Logz.io shape unless they declare `config: { errorFormat: 'elasticsearch' }`. */
export type ErrorFormat = 'logzio' | 'elasticsearch';

/** An error as one item of an Elasticsearch multi-response (`_msearch`) shows it. */
export function elasticsearchErrorItem(error: unknown): Record<string, unknown> {
  const appError = isAppError(error) ? error : httpErrors.internal(error);
  return elasticsearchErrorBody(appError, ELASTICSEARCH_ERROR_TYPE[appError.code]);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError): FastifyReply {
  const format = (request.routeOptions.config as { errorFormat?: ErrorFormat } | undefined)?.errorFormat ?? 'logzio';
  if (format === 'elasticsearch')
    return sendErrorReply(reply, appError, elasticsearchErrorBody(appError, ELASTICSEARCH_ERROR_TYPE[appError.code]));
  if (appError.code === 'permission_denied') return sendErrorReply(reply, appError, legacyErrorBody(appError));
  return sendErrorReply(reply, appError, logzioErrorBody(appError, String(request.id)));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, 'request body is too large');
    if (appError.code === 'internal') request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, reason: appError.message }, 'request refused');
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, httpErrors.unknownEndpoint(request.method, request.url.split('?')[0] ?? '')),
  );
}
