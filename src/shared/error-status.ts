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
