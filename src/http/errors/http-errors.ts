import { AppError } from '../../shared/app-error.js';

/**
 * Errors the HTTP edge raises itself: Fastify's own refusals (body, media type, schema validation), unknown
 * URLs, authentication and the per-account concurrency limit. Both HTTP servers use it.
 */
export const httpErrors = {
  validationFailed: (message: string, parameters: Readonly<Record<string, unknown>>) =>
    new AppError('invalid_argument', message, { wireCode: 'GENERAL/VALIDATION_FAILED', parameters }),
  badRequest: (message: string) => new AppError('invalid_argument', message, { wireCode: 'GENERAL/INVALID_REQUEST' }),
  unsupportedMediaType: (message: string) => new AppError('invalid_argument', message, { wireCode: 'GENERAL/UNSUPPORTED_MEDIA_TYPE' }),
  payloadTooLarge: (message: string) => new AppError('payload_too_large', message, { wireCode: 'GENERAL/PAYLOAD_TOO_LARGE' }),
  unknownEndpoint: (method: string, path: string) =>
    new AppError('not_found', `no endpoint ${method} ${path}`, { wireCode: 'GENERAL/UNKNOWN_ENDPOINT' }),
  /** Logz.io's answer to a missing or bad token (reference §1.3), rendered in the legacy `{code, message}` body. */
  insufficientPrivileges: () =>
    new AppError('permission_denied', 'Insufficient privileges', { wireCode: 'GENERAL/INSUFFICIENT_PRIVILEGES' }),
  /** A web UI session cookie that no longer names a live session (signed out, suspended, deleted, revoked, expired). */
  sessionEnded: () => new AppError('unauthenticated', 'Your session has ended; sign in again', { wireCode: 'SESSION/ENDED' }),
  csrfMismatch: () =>
    new AppError('permission_denied', 'Missing or wrong X-CSRF-Token header', { wireCode: 'SESSION/CSRF_TOKEN_MISMATCH' }),
  regionMismatch: (accountRegion: string, serverRegion: string) =>
    new AppError('permission_denied', `Account region ${accountRegion} differs from current server region ${serverRegion}`, {
      wireCode: 'GENERAL/REGION_MISMATCH',
    }),
  tooManyConcurrentRequests: (accountId: number, limit: number) =>
    new AppError('resource_exhausted', `account ${accountId} already has ${limit} concurrent API requests; retry when one finishes`, {
      wireCode: 'GENERAL/TOO_MANY_REQUESTS',
      retryAfterSeconds: 1,
      parameters: { limit },
    }),
  /** Anything that is not an AppError: the client learns nothing of it, the service log everything. */
  internal: (cause: unknown) => new AppError('internal', 'internal error', { wireCode: 'GENERAL/INTERNAL_ERROR', cause }),
};
