import { AppError } from '../../shared/app-error.js';

/** Errors of the authentication-groups module (reference §2.4). */
export const authGroupErrors = {
  duplicateGroup: (index: number, group: string) =>
    new AppError('invalid_argument', `body.${index}.group: group ${group} appears twice`, {
      wireCode: 'authentication-groups/DUPLICATE_GROUP',
      parameters: { field: `body.${index}.group`, rule: 'unique' },
    }),
};
