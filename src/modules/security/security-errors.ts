import { AppError } from '../../shared/app-error.js';

/** Errors of the security (SIEM) module; wire codes in the `security/` area. */
export const securityErrors = {
  /** A security route called with a Logs account token, or the reverse: Logz.io's text. */
  wrongAccountType: (needed: string) =>
    new AppError('permission_denied', 'Insufficient privileges', {
      wireCode: 'security/WRONG_ACCOUNT_TYPE',
      parameters: { requiredAccountType: needed },
    }),
  mainAccountTokenRequired: () =>
    new AppError('permission_denied', 'Insufficient privileges', { wireCode: 'security/MAIN_ACCOUNT_TOKEN_REQUIRED' }),
  emailNotAnAdmin: () =>
    new AppError('invalid_argument', 'body.email must be the e-mail of an admin user of the main account', {
      wireCode: 'security/EMAIL_NOT_AN_ADMIN',
      parameters: { field: 'body.email', rule: 'admin-user' },
    }),
  blankName: () =>
    new AppError('invalid_argument', 'body.accountName must not be blank', {
      wireCode: 'security/BLANK_ACCOUNT_NAME',
      parameters: { field: 'body.accountName', rule: 'minLength' },
    }),
  unknownScannedAccount: (accountId: number) =>
    new AppError('invalid_argument', `body.accountsToScan: ${accountId} is not a sub account of this main account`, {
      wireCode: 'security/UNKNOWN_ACCOUNT_TO_SCAN',
      parameters: { field: 'body.accountsToScan', rule: 'sub-account', accountId },
    }),
  ruleNotFound: (ruleId: number) =>
    new AppError('not_found', `security rule id ${ruleId} not found`, { wireCode: 'security/RULE_NOT_FOUND', parameters: { ruleId } }),
  eventNotFound: (alertEventId: string) =>
    new AppError('not_found', `security event ${alertEventId} not found`, {
      wireCode: 'security/EVENT_NOT_FOUND',
      parameters: { alertEventId },
    }),
  invalidRule: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'security/INVALID_RULE_DEFINITION', parameters: { field, rule } }),
  unknownEndpoints: (ids: readonly number[]) =>
    new AppError(
      'invalid_argument',
      `body.output.recipients.notificationEndpointIds names unknown endpoints: ${Array.from(ids).join(', ')}`,
      {
        wireCode: 'security/UNKNOWN_NOTIFICATION_ENDPOINT',
        parameters: { field: 'body.output.recipients.notificationEndpointIds', rule: 'exists', ids },
      },
    ),
  accountsNotScanned: (index: number, accountIds: readonly number[]) =>
    new AppError(
      'invalid_argument',
      `body.subComponents.${index}.queryDefinition.accountIdsToQueryOn names accounts this security account does not scan: ${Array.from(accountIds).join(', ')}`,
      {
        wireCode: 'security/ACCOUNT_NOT_SCANNED',
        parameters: { field: `body.subComponents.${index}.queryDefinition.accountIdsToQueryOn`, rule: 'scanned', accountIds },
      },
    ),
  /** A built-in rule changed beyond what SPEC.md allows; `changed` is the first such field. */
  protectedRuleEdit: (ruleId: number, changed: string) =>
    new AppError(
      'permission_denied',
      `security rule ${ruleId} is a built-in (protected) rule: ${changed} cannot be changed; allowed are notification recipients and endpoints, suppressNotificationsMinutes, trigger thresholds and severities, added tags, accounts queried and enabled`,
      { wireCode: 'security/PROTECTED_RULE', parameters: { ruleId, field: changed, rule: 'protected' } },
    ),
  protectedRuleDelete: (ruleId: number) =>
    new AppError('permission_denied', `security rule ${ruleId} is a built-in (protected) rule and cannot be deleted; disable it instead`, {
      wireCode: 'security/PROTECTED_RULE',
      parameters: { ruleId, rule: 'protected' },
    }),
  nothingToTriage: () =>
    new AppError('invalid_argument', 'body must change at least one of status, assignee, comment, isMuted, muteUntil', {
      wireCode: 'security/NOTHING_TO_CHANGE',
      parameters: { field: 'body', rule: 'minProperties' },
    }),
  timeRangeIncomplete: () =>
    new AppError('invalid_argument', 'body.filter.timeRange needs both fromDate and toDate', {
      wireCode: 'security/INVALID_TIME_RANGE',
      parameters: { field: 'body.filter.timeRange', rule: 'required' },
    }),
};
