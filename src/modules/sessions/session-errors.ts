import { AppError } from '../../shared/app-error.js';

/** Errors of web UI sign-in, sessions and invites. */
export const sessionErrors = {
  /** Same answer for an unknown e-mail, a wrong password and a user without a password: nothing to enumerate. */
  badCredentials: () => new AppError('unauthenticated', 'E-mail or password is wrong', { wireCode: 'SESSION/BAD_CREDENTIALS' }),
  throttled: (retryAfterSeconds: number) =>
    new AppError('resource_exhausted', `Too many failed sign-ins; try again in ${retryAfterSeconds} s`, {
      wireCode: 'SESSION/TOO_MANY_FAILED_SIGN_INS',
      retryAfterSeconds,
    }),
  notAMember: (accountId: number) =>
    new AppError('permission_denied', `You are not an active user of account ${accountId}`, {
      wireCode: 'SESSION/NOT_A_MEMBER',
      parameters: { accountId },
    }),
  notSignedIn: () => new AppError('unauthenticated', 'Not signed in', { wireCode: 'SESSION/NOT_SIGNED_IN' }),
  inviteInvalid: () => new AppError('not_found', 'This invite link is unknown, used or expired', { wireCode: 'SESSION/INVITE_INVALID' }),
  userNotInAccount: (userId: number) =>
    new AppError('not_found', `user ${userId} not found`, { wireCode: 'user-management/USER_NOT_FOUND', parameters: { userId } }),
  /** An invite for a person who has a password sets a new one only with the current one (decision 0601). */
  currentPasswordRequired: () =>
    new AppError('invalid_argument', 'This user has a password: body.currentPassword must be the current one', {
      wireCode: 'SESSION/CURRENT_PASSWORD_REQUIRED',
      parameters: { field: 'body.currentPassword', rule: 'current-password' },
    }),
  /** The same answer the API gives any state change of a session without its CSRF token. */
  csrfMismatch: () =>
    new AppError('permission_denied', 'Missing or wrong X-CSRF-Token header', { wireCode: 'SESSION/CSRF_TOKEN_MISMATCH' }),
  weakPassword: (min: number) =>
    new AppError('invalid_argument', `body.password must have at least ${min} characters`, {
      parameters: { field: 'body.password', rule: 'minLength' },
    }),
};
