import { AppError } from '../../shared/app-error.js';

/** A rule or alert whose query names a lookup list. */
export interface LookupDependent {
  readonly kind: string;
  readonly id: number | string;
  readonly title: string;
}

/** Errors of the lookups module; wire codes in the `lookups/` area (the reference documents none). */
export const lookupErrors = {
  listNotFound: (id: string) =>
    new AppError('not_found', `lookup list ${id} not found`, { wireCode: 'lookups/LOOKUP_LIST_NOT_FOUND', parameters: { id } }),
  elementNotFound: (listId: string, id: number) =>
    new AppError('not_found', `element ${id} of lookup list ${listId} not found`, {
      wireCode: 'lookups/LOOKUP_ELEMENT_NOT_FOUND',
      parameters: { lookupListId: listId, id },
    }),
  /** A constraint of a field the schema cannot express (`field` is its path in the request). */
  invalid: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'lookups/INVALID_LOOKUP_REQUEST', parameters: { field, rule } }),
  valueExists: (field: string, value: string, existingId: number) =>
    new AppError('already_exists', `${field} "${value}" is already element ${existingId} of the list`, {
      wireCode: 'lookups/LOOKUP_ELEMENT_VALUE_EXISTS',
      parameters: { field, rule: 'unique', id: existingId },
    }),
  /** Deleting a list that rules still test against would silently stop them matching (decision 0452). */
  listInUse: (id: string, dependents: readonly LookupDependent[]) =>
    new AppError(
      'conflict',
      `lookup list ${id} is used by ${dependents.map((d) => `${d.kind} ${d.id} (${d.title})`).join(', ')}; change them first`,
      { wireCode: 'lookups/LOOKUP_LIST_IN_USE', parameters: { id, dependents } },
    ),
  /** A query names a list the account does not have. */
  unknownList: (reference: string) =>
    new AppError('invalid_argument', `lookup list "${reference}" not found (give its id or its name)`, {
      wireCode: 'lookups/UNKNOWN_LOOKUP_LIST',
      parameters: { field: 'lookup.list', rule: 'exists', list: reference },
    }),
  ambiguousList: (reference: string, ids: readonly string[]) =>
    new AppError('invalid_argument', `lookup list name "${reference}" names ${ids.length} lists (${ids.join(', ')}); give the id`, {
      wireCode: 'lookups/AMBIGUOUS_LOOKUP_LIST',
      parameters: { field: 'lookup.list', rule: 'unique', list: reference, ids },
    }),
};
