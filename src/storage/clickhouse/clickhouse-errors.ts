import { AppError } from '../../shared/app-error.js';

/**
 * Errors of the ClickHouse log store. An engine failure never shows the SQL or the engine's text to a client
 * (they would leak the schema and other tenants' field names).
 */
export const clickhouseErrors = {
  shuttingDown: () =>
    new AppError('unavailable', 'The log store is shutting down.', { wireCode: 'LOG_STORE/SHUTTING_DOWN', retryAfterSeconds: 5 }),
  operationFailed: (action: string, cause: unknown) =>
    new AppError('unavailable', `The log store could not ${action}; retry later.`, {
      wireCode: 'LOG_STORE/UNAVAILABLE',
      cause,
      retryAfterSeconds: 5,
    }),
  engineUnreachable: (cause: unknown) =>
    new AppError('unavailable', 'The log store is unavailable; retry later.', {
      wireCode: 'LOG_STORE/UNAVAILABLE',
      cause,
      retryAfterSeconds: 5,
    }),
  searchTimedOut: (cause: unknown) =>
    new AppError('unavailable', 'The search took too long and was stopped; narrow the query or the time range.', {
      wireCode: 'SEARCH/TIMED_OUT',
      cause,
      retryAfterSeconds: 5,
    }),
  searchCancelled: () => new AppError('cancelled', 'The search was cancelled before it ended.', { wireCode: 'SEARCH/CANCELLED' }),
  /** Logz.io's texts for a search the engine refuses (reference §1.4: 400 `Query has failed`). */
  searchTooExpensive: (cause: unknown) =>
    new AppError(
      'invalid_argument',
      "This search can't be executed: it needs more resources than a search may use. Please contact customer support for more details",
      {
        wireCode: 'SEARCH/QUERY_FAILED',
        cause,
      },
    ),
  searchFailed: (cause: unknown) =>
    new AppError('invalid_argument', 'Query has failed. Elasticsearch Response: [the query could not be executed on the stored logs]', {
      wireCode: 'SEARCH/QUERY_FAILED',
      cause,
    }),
  /** Elasticsearch's `too_many_buckets_exception`, word for word. */
  tooManyBuckets: (limit: number, count: number) =>
    new AppError(
      'invalid_argument',
      `Trying to create too many buckets. Must be less than or equal to: [${limit}] but was [${count}]. This limit can be set by changing the [search.max_buckets] cluster level setting.`,
      { wireCode: 'SEARCH/TOO_MANY_BUCKETS', parameters: { limit } },
    ),
  notANumberForSort: (path: string) =>
    new AppError('invalid_argument', `${path} must be a number for this sort`, {
      wireCode: 'SEARCH/BAD_SORT_VALUE',
      parameters: { field: path },
    }),
  searchAfterLength: (values: number, keys: number) =>
    new AppError('invalid_argument', `search_after has ${values} values but the sort has ${keys}`, {
      wireCode: 'SEARCH/BAD_SEARCH_AFTER',
      parameters: { field: 'search_after' },
    }),
  /** Elasticsearch's text for a number field queried with text that is no number. */
  notANumber: (field: string, text: string) =>
    new AppError('invalid_argument', `failed to create query: For input string: "${text}"`, {
      wireCode: 'SEARCH/NOT_A_NUMBER',
      parameters: { field },
    }),
  encoderFinished: () => new AppError('internal', 'The encoder was already finished.', { wireCode: 'LOG_STORE/ENCODER_FINISHED' }),
  foreignEncodedLogs: () =>
    new AppError('internal', 'Encoded logs of another store were given to this one.', { wireCode: 'LOG_STORE/FOREIGN_ENCODED_LOGS' }),
};
