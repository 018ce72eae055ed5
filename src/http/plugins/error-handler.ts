import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type ErrorCode } from '../../shared/app-error.js';
import { ELASTICSEARCH_ERROR_TYPE, STATUS_OF } from '../../shared/error-status.js';

export { STATUS_OF };

const DEFAULT_WIRE_CODE: Readonly<Record<ErrorCode, string>> = {
  invalid_argument: 'GENERAL/INVALID_REQUEST',
  already_exists: 'GENERAL/ALREADY_EXISTS',
  unauthenticated: 'GENERAL/UNAUTHENTICATED',
  permission_denied: 'GENERAL/INSUFFICIENT_PRIVILEGES',
  not_found: 'GENERAL/NOT_FOUND',
  payload_too_large: 'GENERAL/PAYLOAD_TOO_LARGE',
  resource_exhausted: 'GENERAL/TOO_MANY_REQUESTS',
  internal: 'GENERAL/INTERNAL_ERROR',
  unavailable: 'GENERAL/UNAVAILABLE',
};

/** Routes answer errors in the Logz.io shape unless they declare `config: { errorFormat: 'elasticsearch' }`. */
export type ErrorFormat = 'logzio' | 'elasticsearch';

function describeValidation(error: FastifyError): { message: string; parameters: Record<string, unknown> } {
  const first = error.validation?.[0];
  if (first === undefined) return { message: error.message, parameters: {} };
  const context = error.validationContext ?? 'body';
  const missing = first.keyword === 'required' ? String((first.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const pointer = `${first.instancePath}${missing === '' ? '' : `/${missing}`}`;
  const field = pointer.replace(/^\//, '').replace(/\//g, '.');
  const where = field === '' ? context : `${context}.${field}`;
  const rule = missing === '' ? `${first.message ?? 'is invalid'}` : 'is required';
  return { message: `${where} ${rule}`, parameters: { field: where, rule: first.keyword } };
}

/** Fastify's own errors (body too large, bad JSON, bad media type) become AppErrors here. */
function toAppError(error: FastifyError): AppError {
  if (isAppError(error)) return error;
  if (error.validation !== undefined) {
    const { message, parameters } = describeValidation(error);
    return new AppError('invalid_argument', message, { parameters, wireCode: 'GENERAL/VALIDATION_FAILED' });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('payload_too_large', 'request body is too large');
  if (status === 415) return new AppError('invalid_argument', error.message, { wireCode: 'GENERAL/UNSUPPORTED_MEDIA_TYPE' });
  if (status >= 400 && status < 500) return new AppError('invalid_argument', error.message);
  return new AppError('internal', 'internal error', { cause: error });
}

function elasticsearchBody(appError: AppError): { error: Record<string, unknown>; status: number } {
  const status = STATUS_OF[appError.code];
  const type = ELASTICSEARCH_ERROR_TYPE[appError.code];
  const index = appError.parameters.index;
  const cause = { type, reason: appError.message, ...(typeof index === 'string' ? { index } : {}) };
  return { error: { root_cause: [cause], ...cause }, status };
}

/** An error as one item of an Elasticsearch multi-response (`_msearch`) shows it. */
export function elasticsearchErrorItem(error: unknown): Record<string, unknown> {
  return elasticsearchBody(isAppError(error) ? error : new AppError('internal', 'internal error', { cause: error }));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError): FastifyReply {
  const status = STATUS_OF[appError.code];
  if (appError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(appError.retryAfterSeconds));
  const format = (request.routeOptions.config as { errorFormat?: ErrorFormat } | undefined)?.errorFormat ?? 'logzio';
  if (format === 'elasticsearch') return reply.status(status).send(elasticsearchBody(appError));
  if (appError.code === 'permission_denied') return reply.status(status).send({ code: status, message: appError.message });
  return reply.status(status).send({
    errorCode: appError.wireCode ?? DEFAULT_WIRE_CODE[appError.code],
    message: appError.message,
    requestId: String(request.id),
    parameters: appError.parameters,
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'internal') request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, reason: appError.message }, 'request refused');
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new AppError('not_found', `no endpoint ${request.method} ${request.url.split('?')[0] ?? ''}`, { wireCode: 'GENERAL/UNKNOWN_ENDPOINT' })),
  );
}
