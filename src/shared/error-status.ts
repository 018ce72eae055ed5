import type { ErrorCode } from './app-error.js';

/** The only table from error codes to HTTP statuses, shared by the API and the log listener. */
export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  invalid_argument: 400,
  // Logz.io answers a duplicate with 400 (user-management/USER_ALREADY_EXIST), not 409.
  already_exists: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  payload_too_large: 413,
  resource_exhausted: 429,
  internal: 500,
  unavailable: 503,
};

/**
 * Elasticsearch's `error.type` for each code, as the read API answers (a bad request there is a query that
 * does not parse). The ingest listener overrides the two that differ on the write side.
 */
export const ELASTICSEARCH_ERROR_TYPE: Readonly<Record<ErrorCode, string>> = {
  invalid_argument: 'parsing_exception',
  already_exists: 'resource_already_exists_exception',
  unauthenticated: 'security_exception',
  permission_denied: 'security_exception',
  not_found: 'index_not_found_exception',
  payload_too_large: 'content_too_long_exception',
  resource_exhausted: 'es_rejected_execution_exception',
  internal: 'internal_server_error',
  unavailable: 'unavailable_shards_exception',
};
