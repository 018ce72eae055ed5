import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError, ErrorCode } from '../../shared/app-error.js';
import { elasticsearchErrorBody, publicView, sendErrorReply } from '../../http/errors/error-reply.js';
import { ELASTICSEARCH_ERROR_TYPE } from '../../http/errors/error-status.js';

/** The two dialects the listener port speaks; each route names its own in `config.protocol`. */
export type ListenerProtocol = 'logzio' | 'elasticsearch';

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

/**
 * Errors in the dialect of the route. Logz.io's listener answers 401 in plain text and everything else as
 * a small JSON object; Elasticsearch clients always get an Elasticsearch error object — never plain text,
 * since rsyslog's omelasticsearch loops on a non-JSON `_bulk` answer (real-clients.md A4). An over-cap
 * answer (429) names the account, the cap and the reset time in both dialects.
 */
export function sendListenerError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const view = publicView(error);
  if (protocolOf(request) === 'elasticsearch')
    return sendErrorReply(reply, error, elasticsearchErrorBody(error, ES_TYPE_OF[error.code], view.parameters));
  if (error.code === 'unauthenticated') return sendErrorReply(reply, error, view.message, 'text/plain; charset=utf-8');
  return sendErrorReply(reply, error, { message: view.message, errorCode: view.wireCode, ...view.parameters });
}
