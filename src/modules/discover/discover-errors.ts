import { AppError } from '../../shared/app-error.js';

/** Errors of the web app's Discover routes (/v1/app/…). */
export const discoverErrors = {
  badTime: (field: 'from' | 'to', text: string) =>
    new AppError('invalid_argument', `${field} must be epoch milliseconds, an ISO time or date math such as now-7d, got [${text}]`, {
      wireCode: 'DISCOVER/BAD_TIME',
      parameters: { field },
    }),
  searchBodyNotAnObject: () =>
    new AppError('invalid_argument', 'search must be a JSON object (an Elasticsearch search body)', {
      wireCode: 'DISCOVER/SEARCH_NOT_AN_OBJECT',
      parameters: { field: 'search' },
    }),
  anchorNotFound: (id: string) =>
    new AppError('not_found', `No log with _id [${id}] at that time: it may have left the retention`, {
      wireCode: 'DISCOVER/ANCHOR_NOT_FOUND',
      parameters: { field: 'anchor.id' },
    }),
};
