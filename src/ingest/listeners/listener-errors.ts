import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type ErrorCode } from '../../shared/app-error.js';
import { ELASTICSEARCH_ERROR_TYPE, STATUS_OF } from '../../shared/error-status.js';

/** The two dialects the listener port speaks; each route names its own in `config.protocol`. */
export type ListenerProtocol = 'logzio' | 'elasticsearch';

export const LOGGING_TOKEN_MISSING = 'Logging token is missing';
export const LOGGING_TOKEN_NOT_VALID = 'Logging token is not valid';

// On the write side Elasticsearch calls a bad request an illegal argument (not a parse error of a query) and a
// busy node a rejected execution.
const ES_TYPE_OF: Readonly<Record<ErrorCode, string>> = {
  ...ELASTICSEARCH_ERROR_TYPE,
  invalid_argument: 'illegal_argument_exception',
  unavailable: 'es_rejected_execution_exception',
};

export function protocolOf(request: FastifyRequest): ListenerProtocol {
  return request.routeOptions.config.protocol ?? 'elasticsearch';
}

/** Fastify's own errors (body too large, aborted body) become AppErrors here. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const status = (error as Partial<FastifyError> | undefined)?.statusCode ?? 500;
  if (status === 413) return new AppError('payload_too_large', 'Request body is larger than 10485760 bytes');
  if (status >= 400 && status < 500) return new AppError('invalid_argument', error instanceof Error ? error.message : 'bad request');
  return new AppError('internal', 'internal error', { cause: error });
}

/**
 * Errors in the dialect of the route. Logz.io's listener answers 401 in plain text and everything else as
 * a small JSON object; Elasticsearch clients always get an Elasticsearch error object — never plain text,
 * since rsyslog's omelasticsearch loops on a non-JSON `_bulk` answer (real-clients.md A4). An over-cap
 * answer (429) names the account, the cap and the reset time in both dialects.
 */
export function sendListenerError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const status = STATUS_OF[error.code];
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
  const parameters = error.code === 'internal' ? {} : error.parameters;
  const message = error.code === 'internal' ? 'internal error' : error.message;
  if (protocolOf(request) === 'elasticsearch') {
    const type = ES_TYPE_OF[error.code];
    return reply.status(status).send({ error: { root_cause: [{ type, reason: message }], type, reason: message, ...parameters }, status });
  }
  if (error.code === 'unauthenticated') return reply.status(status).type('text/plain; charset=utf-8').send(message);
  return reply.status(status).send({ message, ...(error.wireCode === undefined ? {} : { errorCode: error.wireCode }), ...parameters });
}
