/**
 * The one error-rendering kit of Logward's two HTTP servers, the API (src/http/plugins/error-handler.ts) and
 * the log listener (src/ingest/listeners/listener-error-reply.ts): Fastify's own errors as AppErrors, what a
 * client may see of an error, the bodies each dialect answers with, and the reply itself. Each server only
 * chooses the dialect of a route.
 */
import type { FastifyError, FastifyReply } from 'fastify';
import { isAppError, type AppError } from '../../shared/app-error.js';
import { DEFAULT_WIRE_CODE, STATUS_OF } from './error-status.js';
import { httpErrors } from './http-errors.js';

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

/**
 * Any thrown value as an AppError: AppErrors as they are, Fastify's own errors (schema validation, body too
 * large, bad media type, unreadable body) by their status, anything else internal.
 */
export function toAppError(error: unknown, bodyTooLargeMessage: string): AppError {
  if (isAppError(error)) return error;
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  if (fastifyError.validation !== undefined) {
    const { message, parameters } = describeValidation(fastifyError as FastifyError);
    return httpErrors.validationFailed(message, parameters);
  }
  const status = fastifyError.statusCode ?? 500;
  const message = typeof fastifyError.message === 'string' ? fastifyError.message : 'bad request';
  if (status === 413) return httpErrors.payloadTooLarge(bodyTooLargeMessage);
  if (status === 415) return httpErrors.unsupportedMediaType(message);
  if (status >= 400 && status < 500) return httpErrors.badRequest(message);
  return httpErrors.internal(error);
}

/** What a client may read of an error: an internal error's text and context stay in the service log. */
export function publicView(error: AppError): { message: string; wireCode: string; parameters: Readonly<Record<string, unknown>> } {
  if (error.code === 'internal') return { message: 'internal error', wireCode: DEFAULT_WIRE_CODE.internal, parameters: {} };
  return { message: error.message, wireCode: error.wireCode ?? DEFAULT_WIRE_CODE[error.code], parameters: error.parameters };
}

/** Logz.io's current body (reference §1.4 format A). */
export function logzioErrorBody(
  error: AppError,
  requestId: string,
): { errorCode: string; message: string; requestId: string; parameters: Readonly<Record<string, unknown>> } {
  const view = publicView(error);
  return { errorCode: view.wireCode, message: view.message, requestId, parameters: view.parameters };
}

/** Logz.io's legacy body, what its API answers to a bad token (reference §1.3). */
export function legacyErrorBody(error: AppError): { code: number; message: string } {
  return { code: STATUS_OF[error.code], message: publicView(error).message };
}

/**
 * Elasticsearch's error object: `type` and `reason` (with the index a not-found names) in the root cause and
 * at the top, where `details` add what a dialect shows besides.
 */
export function elasticsearchErrorBody(
  error: AppError,
  type: string,
  details: Readonly<Record<string, unknown>> = {},
): { error: Record<string, unknown>; status: number } {
  const view = publicView(error);
  const index = view.parameters.index;
  const cause = { type, reason: view.message, ...(typeof index === 'string' ? { index } : {}) };
  return { error: { root_cause: [cause], ...cause, ...details }, status: STATUS_OF[error.code] };
}

/** Sends a rendered error with the status of its code and, for 429 and 503, when to retry. */
export function sendErrorReply(reply: FastifyReply, error: AppError, body: unknown, contentType?: string): FastifyReply {
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
  if (contentType !== undefined) void reply.type(contentType);
  return reply.status(STATUS_OF[error.code]).send(body);
}
