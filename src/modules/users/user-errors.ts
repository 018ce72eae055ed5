import { AppError } from '../../shared/app-error.js';

/** Errors of the users module; the wire codes are Logz.io's where the reference names one (§2.3). */
export const userErrors = {
  notFound: (userId: number) =>
    new AppError('not_found', `user ${userId} not found`, { wireCode: 'user-management/USER_NOT_FOUND', parameters: { userId } }),
  alreadyExists: (username: string) =>
    new AppError('already_exists', `User ${username} already exists.`, {
      wireCode: 'user-management/USER_ALREADY_EXIST',
      parameters: { username },
    }),
  usernameImmutable: () =>
    new AppError('invalid_argument', 'body.username cannot be changed by an update', {
      wireCode: 'user-management/USERNAME_IMMUTABLE',
      parameters: { field: 'body.username', rule: 'immutable' },
    }),
  /** Without an active admin the main account can create no sub account and grant no role again. */
  lastAdmin: (change: 'delete' | 'suspend' | 'demote') => {
    const message = 'the last active admin of the main account cannot be deleted, suspended or demoted';
    if (change === 'demote')
      return new AppError('invalid_argument', `body.role: ${message}`, { parameters: { field: 'body.role', rule: 'last-admin' } });
    return new AppError('invalid_argument', `Unauthorized to ${change} this user: ${message}`, {
      wireCode: change === 'delete' ? 'user-management/UNAUTHORIZED_TO_DELETE_USER' : 'user-management/UNAUTHORIZED_TO_SUSPEND_USER',
      parameters: {},
    });
  },
};
