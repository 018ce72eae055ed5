import { AppError } from '../../shared/app-error.js';

/**
 * Errors of the search module: /v1/search, /v1/scroll and the Elasticsearch-compatible read API (whose routes
 * render them as Elasticsearch error objects, where only the kind and the text show).
 */
export const searchErrors = {
  bodyNotAnObject: (what: string) =>
    new AppError('invalid_argument', `${what} must be a JSON object`, { wireCode: 'SEARCH/BODY_NOT_AN_OBJECT' }),
  searchBodyNotAnObject: () =>
    new AppError('invalid_argument', 'The request body must be a JSON object', {
      wireCode: 'SEARCH/BODY_NOT_AN_OBJECT',
      parameters: { field: 'body' },
    }),
  bodyNotJson: () => new AppError('invalid_argument', 'Failed to parse the request body as JSON', { wireCode: 'SEARCH/BODY_NOT_JSON' }),
  bodyTooLarge: () => new AppError('payload_too_large', 'request body is too large', { wireCode: 'SEARCH/BODY_TOO_LARGE' }),
  noAccountIds: () =>
    new AppError('invalid_argument', 'accountIds must list at least one account', {
      wireCode: 'SEARCH/NO_ACCOUNT_IDS',
      parameters: { field: 'accountIds' },
    }),
  /** An unknown account and a forbidden one answer the same, so ids of other tenants cannot be probed. */
  accountNotSearchable: () => new AppError('permission_denied', 'Insufficient privileges', { wireCode: 'SEARCH/ACCOUNT_NOT_SEARCHABLE' }),
  dayOffsetOutOfRange: (maxOffset: number) =>
    new AppError('invalid_argument', `dayOffset must be an integer between 0 and the account retention (${maxOffset} days)`, {
      wireCode: 'SEARCH/DAY_OFFSET_OUT_OF_RANGE',
      parameters: { field: 'dayOffset', rule: 'range' },
    }),
  emptyRange: () =>
    new AppError('invalid_argument', 'The time range is empty: its start must be before its end', {
      wireCode: 'SEARCH/EMPTY_RANGE',
      parameters: { field: 'from', rule: 'before to' },
    }),
  /** A range is refused, never clipped: a person must know the answer covers less than asked. */
  rangeBeyondRetention: (retentionDays: number, oldestIso: string) =>
    new AppError(
      'invalid_argument',
      `The time range starts before what this account keeps: logs are retained ${retentionDays} days, so the oldest searchable time is ${oldestIso}`,
      { wireCode: 'SEARCH/RANGE_BEYOND_RETENTION', parameters: { field: 'from', retentionDays, oldest: oldestIso } },
    ),
  lookupsUnavailable: (reference: string) =>
    new AppError('invalid_argument', `lookup list "${reference}" cannot be used here: this service resolves no lookup lists`, {
      wireCode: 'SEARCH/LOOKUPS_UNAVAILABLE',
      parameters: { field: 'lookup.list', list: reference },
    }),
  scrollExpired: () => new AppError('not_found', 'scroll context has expired', { wireCode: 'SEARCH/SCROLL_EXPIRED' }),
  scrollIdRequired: () =>
    new AppError('invalid_argument', 'scroll_id is required', {
      wireCode: 'SEARCH/SCROLL_ID_REQUIRED',
      parameters: { field: 'scroll_id' },
    }),
  scrollIdNotAString: () =>
    new AppError('invalid_argument', 'scroll_id must be a string', {
      wireCode: 'SEARCH/SCROLL_ID_NOT_A_STRING',
      parameters: { field: 'scroll_id' },
    }),
  /** Logz.io's text (reference §2.6). */
  scrollIdWithQuery: () =>
    new AppError('invalid_argument', 'ScrollId and query parameter can not co-exist in request', {
      wireCode: 'SEARCH/SCROLL_ID_WITH_QUERY',
      parameters: { field: 'scroll_id' },
    }),
  badScrollKeepAlive: (text: string) =>
    new AppError('invalid_argument', `scroll must be a time value such as 1m or 30s, got [${text}]`, {
      wireCode: 'SEARCH/BAD_SCROLL_KEEP_ALIVE',
      parameters: { field: 'scroll' },
    }),
  /** Logz.io's text (reference §2.6). */
  scrollKeepAliveTooLong: (maxMs: number) =>
    new AppError('invalid_argument', `Scroll can't exceed [${maxMs / 60_000}m]`, {
      wireCode: 'SEARCH/SCROLL_KEEP_ALIVE_TOO_LONG',
      parameters: { field: 'scroll' },
    }),
  notSupportedByScroll: (field: string) =>
    new AppError('invalid_argument', `${field} is not supported by scroll`, {
      wireCode: 'SEARCH/NOT_SUPPORTED_BY_SCROLL',
      parameters: { field },
    }),
  scrollPageTooLarge: (maxPage: number) =>
    new AppError('invalid_argument', `size must be an integer between 0 and ${maxPage} for scroll`, {
      wireCode: 'SEARCH/SCROLL_PAGE_TOO_LARGE',
      parameters: { field: 'size', rule: 'maximum' },
    }),
  /** Elasticsearch's texts and `index` parameter, which its error object shows. */
  noSuchIndex: (index: string) =>
    new AppError('not_found', `no such index [${index}]`, { wireCode: 'SEARCH/NO_SUCH_INDEX', parameters: { index } }),
  unpairedMsearchLines: () =>
    new AppError('invalid_argument', 'The msearch body must hold header and body lines in pairs', {
      wireCode: 'SEARCH/UNPAIRED_MSEARCH_LINES',
    }),
  indexFilterNotAQuery: () =>
    new AppError('invalid_argument', 'index_filter must be a query', {
      wireCode: 'SEARCH/INDEX_FILTER_NOT_A_QUERY',
      parameters: { field: 'index_filter' },
    }),
  unrecognizedCatParameter: (parameter: string) =>
    new AppError('invalid_argument', `request [/_cat/indices] contains unrecognized parameter: [${parameter}]`, {
      wireCode: 'SEARCH/UNRECOGNIZED_PARAMETER',
    }),
};
