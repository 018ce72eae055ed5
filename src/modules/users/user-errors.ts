import { AppError } from '../../shared/app-error.js';

/** Errors of the users module; the wire codes are Logz.io's where the reference names one (§2.3). */
export const userErrors = {
  notFound: (userId: number) =>
    new AppError('not_found', `user ${userId} not found`, { wireCode: 'user-management/USER_NOT_FOUND', parameters: { userId } }),
  alreadyExists: (username: string) =>
    new AppError('already_exists', `User ${username} already exists.`, { wireCode: 'user-management/USER_ALREADY_EXIST', parameters: { username } }),
  usernameImmutable: () =>
    new AppError('invalid_argument', 'body.username cannot be changed by an update', {
      wireCode: 'user-management/USERNAME_IMMUTABLE',
      parameters: { field: 'body.username', rule: 'immutable' },
    }),
};
