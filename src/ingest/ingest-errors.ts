import { AppError } from '../shared/app-error.js';

/** Logz.io's listener answers a missing or unknown token with these texts, as plain text (reference, real-clients.md). */
const LOGGING_TOKEN_MISSING = 'Logging token is missing';
const LOGGING_TOKEN_NOT_VALID = 'Logging token is not valid';

/** Errors of log intake: the listeners, the batcher, the daily cap and the bulk decoders. */
export const ingestErrors = {
  tokenMissing: () => new AppError('unauthenticated', LOGGING_TOKEN_MISSING, { wireCode: 'listener/TOKEN_MISSING' }),
  /** The API's refusal of an account of another region (http-errors regionMismatch), in the listener's catalog. */
  regionMismatch: (accountRegion: string, serverRegion: string) =>
    new AppError('permission_denied', `Account region ${accountRegion} differs from current server region ${serverRegion}`, {
      wireCode: 'listener/REGION_MISMATCH',
      parameters: { accountRegion, serverRegion },
    }),
  tokenNotValid: () => new AppError('unauthenticated', LOGGING_TOKEN_NOT_VALID, { wireCode: 'listener/TOKEN_NOT_VALID' }),
  /** A route that reads the account of a request without having required a token: a bug, not a client error. */
  routeWithoutAuthentication: () =>
    new AppError('internal', 'route without authentication', { wireCode: 'listener/ROUTE_WITHOUT_AUTHENTICATION' }),
  unknownRoute: (method: string, redactedUrl: string) =>
    new AppError('not_found', `no handler found for uri [${redactedUrl}] and method [${method}]`, { wireCode: 'listener/UNKNOWN_ROUTE' }),
  bodyTooLarge: (maxBytes: number) =>
    new AppError('payload_too_large', `Request body is larger than ${maxBytes} bytes`, { wireCode: 'listener/BODY_TOO_LARGE' }),
  unsupportedEncoding: (encoding: string) =>
    new AppError('invalid_argument', `Unsupported Content-Encoding ${encoding}`, { wireCode: 'listener/UNSUPPORTED_ENCODING' }),
  badlyEncodedBody: (encoding: string) =>
    new AppError('invalid_argument', `The body is not valid ${encoding} data`, { wireCode: 'listener/BADLY_ENCODED_BODY' }),
  malformedBulkAction: (lineNumber: number, expected: string) =>
    new AppError('invalid_argument', `Malformed action/metadata line [${lineNumber}], expected ${expected}`, {
      wireCode: 'listener/MALFORMED_BULK_ACTION',
    }),
  unterminatedBulk: (lineNumber: number) =>
    new AppError('invalid_argument', `The bulk request must be terminated by a newline [${lineNumber}]`, {
      wireCode: 'listener/UNTERMINATED_BULK',
    }),
  overloaded: (retryAfterSeconds: number) =>
    new AppError('unavailable', 'The log store is behind; retry shortly', { wireCode: 'listener/OVERLOADED', retryAfterSeconds }),
  logStoreUnavailable: (cause: unknown) =>
    new AppError('unavailable', 'The log store could not store the logs; retry shortly', {
      wireCode: 'listener/LOG_STORE_UNAVAILABLE',
      retryAfterSeconds: 5,
      cause,
    }),
  /** The same refusal as a 429, which Elasticsearch clients retry (they give up on a 503). */
  asTooManyRequests: (error: AppError) =>
    new AppError('resource_exhausted', error.message, {
      wireCode: error.wireCode,
      retryAfterSeconds: error.retryAfterSeconds ?? 1,
      parameters: error.parameters,
    }),
  stopping: () => new AppError('unavailable', 'The listener is shutting down', { wireCode: 'listener/STOPPING', retryAfterSeconds: 5 }),
  shippingTokensUnavailable: (cause: unknown) =>
    new AppError('unavailable', 'Shipping tokens cannot be checked right now', {
      wireCode: 'listener/SHIPPING_TOKENS_UNAVAILABLE',
      retryAfterSeconds: 5,
      cause,
    }),
  dailyUsageUnavailable: (cause: unknown) =>
    new AppError('unavailable', 'Daily usage cannot be read right now', {
      wireCode: 'listener/DAILY_USAGE_UNAVAILABLE',
      retryAfterSeconds: 5,
      cause,
    }),
  dailyCapReached: (
    account: { readonly accountId: number; readonly accountName: string; readonly maxDailyGB: number },
    resetsAt: string,
    retryAfterSeconds: number,
  ) =>
    new AppError(
      'resource_exhausted',
      `Account ${account.accountId} (${account.accountName}) reached its daily cap of ${account.maxDailyGB} GB; logs are accepted again from ${resetsAt}`,
      {
        wireCode: 'listener/DAILY_CAP_REACHED',
        parameters: { accountId: account.accountId, accountName: account.accountName, maxDailyGB: account.maxDailyGB, resetsAt },
        retryAfterSeconds,
      },
    ),
};
