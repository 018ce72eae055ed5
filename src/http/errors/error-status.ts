import type { ErrorCode } from '../../shared/app-error.js';

/**
 * The only table from error codes to HTTP statuses. It lives at the HTTP edge (domain code names a kind of
 * failure, never a status) and serves both HTTP servers: the API and the log listener.
 */
export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  invalid_argument: 400,
  // Logz.io answers a duplicate with 400 (user-management/USER_ALREADY_EXIST), not 409.
  already_exists: 400,
  conflict: 409,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  payload_too_large: 413,
  resource_exhausted: 429,
  internal: 500,
  unavailable: 503,
  // nginx's "client closed request": whoever asked is usually gone; when not (an explicit cancel), it says why.
  cancelled: 499,
};

/** The wire code of an error whose catalog names none (errors Fastify itself raises, mostly). */
export const DEFAULT_WIRE_CODE: Readonly<Record<ErrorCode, string>> = {
  invalid_argument: 'GENERAL/INVALID_REQUEST',
  already_exists: 'GENERAL/ALREADY_EXISTS',
  conflict: 'GENERAL/CONFLICT',
  unauthenticated: 'GENERAL/UNAUTHENTICATED',
  permission_denied: 'GENERAL/INSUFFICIENT_PRIVILEGES',
  not_found: 'GENERAL/NOT_FOUND',
  payload_too_large: 'GENERAL/PAYLOAD_TOO_LARGE',
  resource_exhausted: 'GENERAL/TOO_MANY_REQUESTS',
  internal: 'GENERAL/INTERNAL_ERROR',
  unavailable: 'GENERAL/UNAVAILABLE',
  cancelled: 'GENERAL/CANCELLED',
};

/**
 * Elasticsearch's `error.type` for each code, as the read API answers (a bad request there is a query that
 * does not parse). The ingest listener overrides the two that differ on the write side.
 */
export const ELASTICSEARCH_ERROR_TYPE: Readonly<Record<ErrorCode, string>> = {
  invalid_argument: 'parsing_exception',
  already_exists: 'resource_already_exists_exception',
  conflict: 'version_conflict_engine_exception',
  unauthenticated: 'security_exception',
  permission_denied: 'security_exception',
  not_found: 'index_not_found_exception',
  payload_too_large: 'content_too_long_exception',
  resource_exhausted: 'es_rejected_execution_exception',
  internal: 'internal_server_error',
  unavailable: 'unavailable_shards_exception',
  cancelled: 'task_cancelled_exception',
};
