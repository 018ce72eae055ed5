import { AppError } from '../../shared/app-error.js';

/** Errors of the accounts module; the wire codes use Logz.io's `TimeBasedAccount` area (reference §2.2). */
export const accountErrors = {
  notFound: (accountId: number) =>
    new AppError('not_found', `sub account ${accountId} not found`, {
      wireCode: 'TimeBasedAccount/ACCOUNT_NOT_FOUND',
      parameters: { accountId },
    }),
  /** Sub-account management and acting on another account need a main-account token; Logz.io's bad-token text. */
  mainAccountTokenRequired: () =>
    new AppError('permission_denied', 'Insufficient privileges', { wireCode: 'TimeBasedAccount/MAIN_ACCOUNT_TOKEN_REQUIRED' }),
  notAnAccountOfTheTree: (accountId: number) =>
    new AppError('permission_denied', 'Insufficient privileges', {
      wireCode: 'TimeBasedAccount/ACCOUNT_NOT_OWNED',
      parameters: { accountId },
    }),
  /** Logz.io's text and code for a reserved volume above the maximum (reference §2.2, issue TF#108). */
  illegalPlan: (reason: string, field: string) =>
    new AppError('invalid_argument', `Failed to create or update sub-account due to illegal plan: ${reason}`, {
      wireCode: 'TimeBasedAccount/ILLEGAL_PLAN_REQUEST',
      parameters: { reason, field },
    }),
  blankName: () =>
    new AppError('invalid_argument', 'body.accountName must not be blank', {
      wireCode: 'TimeBasedAccount/BLANK_ACCOUNT_NAME',
      parameters: { field: 'body.accountName', rule: 'minLength' },
    }),
  unknownSharingAccount: (accountId: number) =>
    new AppError('invalid_argument', `body.sharingObjectsAccounts: ${accountId} is not another account of this main account`, {
      wireCode: 'TimeBasedAccount/UNKNOWN_SHARING_ACCOUNT',
      parameters: { field: 'body.sharingObjectsAccounts', rule: 'known-account', accountId },
    }),
  emailNotAnAdmin: () =>
    new AppError('invalid_argument', 'body.email must be the e-mail of an admin user of the main account', {
      wireCode: 'TimeBasedAccount/EMAIL_NOT_AN_ADMIN',
      parameters: { field: 'body.email', rule: 'admin-user' },
    }),
  mainAccountUndeletable: () =>
    new AppError('invalid_argument', 'the main account cannot be deleted', {
      wireCode: 'TimeBasedAccount/MAIN_ACCOUNT_UNDELETABLE',
      parameters: { field: 'params.id', rule: 'not-main-account' },
    }),
};
