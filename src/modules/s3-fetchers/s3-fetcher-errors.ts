import { AppError } from '../../shared/app-error.js';

/** Errors of the s3-fetchers module; wire codes in Logz.io's `log-shipping/` area (the reference documents none; codes take no digits, decision 0310). */
export const s3FetcherErrors = {
  notFound: (id: number) =>
    new AppError('not_found', `S3 fetcher ${id} not found`, { wireCode: 'log-shipping/BUCKET_FETCHER_NOT_FOUND', parameters: { id } }),
  /** A constraint of a field the schema cannot express (`field` is its path in the request). */
  invalid: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, {
      wireCode: 'log-shipping/INVALID_BUCKET_FETCHER',
      parameters: { field, rule },
    }),
};
