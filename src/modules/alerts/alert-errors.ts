import { AppError } from '../../shared/app-error.js';

/** Errors of the alerts module; wire codes in Logz.io's `alerts/` area (ALERT_NOT_FOUND is theirs). */
export const alertErrors = {
  notFound: (alertId: number) =>
    new AppError('not_found', `alert id ${alertId} not found`, { wireCode: 'alerts/ALERT_NOT_FOUND', parameters: { alertId } }),
  /** A definition the schema accepts but whose parts do not fit together (`field` is its path in the request). */
  invalidDefinition: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'alerts/INVALID_ALERT_DEFINITION', parameters: { field, rule } }),
  unknownEndpoints: (ids: readonly number[]) =>
    new AppError('invalid_argument', `body.output.recipients.notificationEndpointIds names unknown endpoints: ${ids.join(', ')}`, {
      wireCode: 'alerts/UNKNOWN_NOTIFICATION_ENDPOINT',
      parameters: { field: 'body.output.recipients.notificationEndpointIds', rule: 'exists', ids },
    }),
  /** The unified alerts API's metrics alerts run on Logz.io metrics accounts (Prometheus), which Logward does not have. */
  metricsNotSupported: (field: string) =>
    new AppError(
      'invalid_argument',
      `${field}: metrics alerts are not supported — metrics accounts are not part of Logward; create a log alert on /v2/unified-alerts/logs with alertConfiguration.type LOG_ALERT`,
      { wireCode: 'alerts/METRICS_ALERTS_NOT_SUPPORTED', parameters: { field, rule: 'logs_only' } },
    ),
  /** A unified alert id names an alert of the account (Logward's ids are integers, sent as strings). */
  unifiedNotFound: (id: string) =>
    new AppError('not_found', `Alert not found: ${id}`, { wireCode: 'alerts/ALERT_NOT_FOUND', parameters: { alertId: id } }),
  accountsNotSearchable: (index: number, accountIds: readonly number[]) =>
    new AppError(
      'invalid_argument',
      `body.subComponents.${index}.queryDefinition.accountIdsToQueryOn names accounts this account may not search: ${accountIds.join(', ')}`,
      {
        wireCode: 'alerts/ACCOUNT_NOT_SEARCHABLE',
        parameters: { field: `body.subComponents.${index}.queryDefinition.accountIdsToQueryOn`, rule: 'searchable', accountIds },
      },
    ),
};
