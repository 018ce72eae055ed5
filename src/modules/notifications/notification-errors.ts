import { AppError } from '../../shared/app-error.js';

/** Errors of the notifications module; wire codes in the `endpoints/` area (UNKNOWN_ENDPOINT is Logz.io's). */
export const notificationErrors = {
  unknownEndpoint: () =>
    new AppError('not_found', "The endpoint doesn't exist", { wireCode: 'endpoints/UNKNOWN_ENDPOINT', parameters: {} }),
  /**
   * One answer for every failure of a test message: telling a refused connection from an HTTP 404 would make the
   * test button a port scanner of whatever network the service sits in.
   */
  testMessageFailed: () =>
    new AppError('invalid_argument', 'The test message could not be delivered', {
      wireCode: 'endpoints/TEST_MESSAGE_FAILED',
      parameters: {},
    }),
  notAnHttpUrl: (field: string) =>
    new AppError('invalid_argument', `body.${field} must be an http or https URL`, {
      wireCode: 'endpoints/INVALID_URL',
      parameters: { field: `body.${field}`, rule: 'url' },
    }),
  badHeaderString: () =>
    new AppError('invalid_argument', 'body.headers must be comma-separated key=value pairs', {
      wireCode: 'endpoints/INVALID_HEADERS',
      parameters: { field: 'body.headers', rule: 'format' },
    }),
  templateTooDeep: (limit: number) =>
    new AppError('invalid_argument', `body.bodyTemplate must not nest deeper than ${limit} levels`, {
      wireCode: 'endpoints/INVALID_BODY_TEMPLATE',
      parameters: { field: 'body.bodyTemplate', rule: 'maxDepth', limit },
    }),
  /** The service's own secret key, never a client's fault (rendered as an internal error). */
  secretKeyLength: () => new AppError('internal', 'the secret key must be 32 bytes', { wireCode: 'endpoints/SECRET_KEY_INVALID' }),
  secretFormat: () => new AppError('internal', 'a stored secret has an unknown format', { wireCode: 'endpoints/SECRET_UNREADABLE' }),
  /** A changed LOGWARD_SECRET_KEY or a lost key file: said without echoing anything secret. */
  secretUndecryptable: (cause: unknown) =>
    new AppError('internal', 'a stored secret cannot be decrypted with the configured secret key', {
      wireCode: 'endpoints/SECRET_UNREADABLE',
      cause,
    }),
};
