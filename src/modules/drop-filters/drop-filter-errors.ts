import { AppError } from '../../shared/app-error.js';

/** Errors of the drop-filters module; wire codes in the `drop-filters/` area (the reference documents none). */
export const dropFilterErrors = {
  notFound: (id: string) =>
    new AppError('not_found', `drop filter ${id} not found`, { wireCode: 'drop-filters/DROP_FILTER_NOT_FOUND', parameters: { id } }),
  /** A constraint of a field the schema cannot express (`field` is its path in the request). */
  invalid: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'drop-filters/INVALID_DROP_FILTER', parameters: { field, rule } }),
};
