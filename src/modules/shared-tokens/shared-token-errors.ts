import { AppError } from '../../shared/app-error.js';

/** SPEC.md's exact text for an unknown shared token or filter, whichever of the two it is. */
export const SHARED_TOKEN_NOT_FOUND_MESSAGE = 'The shared token or query filter could not be found';

export const sharedTokenErrors = {
  notFound: (what: 'token' | 'filter', id: number) =>
    new AppError('not_found', SHARED_TOKEN_NOT_FOUND_MESSAGE, { wireCode: 'shared-tokens/NOT_FOUND', parameters: { [what]: id } }),
  expiredOnCreation: (expirationDate: number) =>
    new AppError('invalid_argument', `body.expirationDate must be in the future (epoch milliseconds), got ${expirationDate}`, {
      wireCode: 'shared-tokens/INVALID_EXPIRATION_DATE',
      parameters: { field: 'body.expirationDate', rule: 'future' },
    }),
  filterInUse: (id: number, tokenIds: readonly number[]) =>
    new AppError('invalid_argument', `query filter ${id} is attached to shared tokens ${tokenIds.join(', ')}; remove it from them first`, {
      wireCode: 'shared-tokens/FILTER_IN_USE',
      parameters: { field: 'id', rule: 'unused', tokenIds },
    }),
};
