import { AppError } from '../../shared/app-error.js';

/** Errors of the s3-fetchers module; wire codes in the `s3-fetchers/` area (the reference documents none). */
export const s3FetcherErrors = {
  notFound: (id: number) =>
    new AppError('not_found', `S3 fetcher ${id} not found`, { wireCode: 's3-fetchers/S3_FETCHER_NOT_FOUND', parameters: { id } }),
  /** A constraint of a field the schema cannot express (`field` is its path in the request). */
  invalid: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 's3-fetchers/INVALID_S3_FETCHER', parameters: { field, rule } }),
};
