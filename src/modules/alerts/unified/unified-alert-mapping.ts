import { alertErrors } from '../alert-errors.js';
import type { Alert, UnifiedAlertExtras } from '../definition/alert.js';
import type { AlertRequest } from '../../../detection/index.js';
import type { UnifiedAlertRequest, UnifiedAlertResponse } from './unified-alert-wire.js';

/**
 * A unified log alert as the alert it is: the same definition /v2/alerts stores and the engine evaluates, under
 * the unified names (recipients at the top, window and suppression in alertConfiguration), plus its own fields.
 */
export function alertRequestOf(body: UnifiedAlertRequest): { request: AlertRequest; unified: UnifiedAlertExtras } {
  const config = body.alertConfiguration;
  if (config.type !== 'LOG_ALERT') throw alertErrors.metricsNotSupported('body.alertConfiguration.type');
  if (config.subComponents === undefined) {
    throw alertErrors.invalidDefinition('body.alertConfiguration.subComponents', 'required', 'is required for LOG_ALERT');
  }
  const output: NonNullable<AlertRequest['output']> = {
    ...(body.recipients === undefined ? {} : { recipients: body.recipients }),
    ...(config.suppressNotificationsMinutes === undefined ? {} : { suppressNotificationsMinutes: config.suppressNotificationsMinutes }),
    ...(config.alertOutputTemplateType === undefined ? {} : { type: config.alertOutputTemplateType }),
  };
  const request: AlertRequest = {
    title: body.title,
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.tags === undefined ? {} : { tags: body.tags }),
    ...(Object.keys(output).length === 0 ? {} : { output }),
    ...(config.searchTimeFrameMinutes === undefined ? {} : { searchTimeFrameMinutes: config.searchTimeFrameMinutes }),
    subComponents: config.subComponents,
    ...(config.correlations === undefined ? {} : { correlations: config.correlations }),
    ...(config.schedule === undefined ? {} : { schedule: config.schedule }),
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
  };
  const unified: UnifiedAlertExtras = {
    ...(body.linkedPanel === undefined ? {} : { linkedPanel: body.linkedPanel }),
    ...(body.runbook === undefined ? {} : { runbook: body.runbook }),
    ...(body.rca === undefined ? {} : { rca: body.rca }),
    ...(body.rcaNotificationEndpointIds === undefined ? {} : { rcaNotificationEndpointIds: body.rcaNotificationEndpointIds }),
    ...(body.useAlertNotificationEndpointsForRca === undefined
      ? {}
      : { useAlertNotificationEndpointsForRca: body.useAlertNotificationEndpointsForRca }),
  };
  return { request, unified };
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Any alert of the account read as a unified log alert (one made through /v2/alerts too). */
export function unifiedAlertToWire(alert: Alert): UnifiedAlertResponse {
  const { definition } = alert;
  const unified = definition.unified ?? {};
  const output = definition.output;
  const cron = definition.schedule?.cronExpression;
  return {
    id: String(alert.id),
    title: definition.title,
    description: definition.description ?? '',
    tags: [...(definition.tags ?? [])],
    ...(unified.linkedPanel === undefined ? {} : { linkedPanel: { ...unified.linkedPanel } }),
    ...(unified.runbook === undefined ? {} : { runbook: unified.runbook }),
    ...(unified.rca === undefined ? {} : { rca: unified.rca }),
    ...(unified.rcaNotificationEndpointIds === undefined ? {} : { rcaNotificationEndpointIds: [...unified.rcaNotificationEndpointIds] }),
    ...(unified.useAlertNotificationEndpointsForRca === undefined
      ? {}
      : { useAlertNotificationEndpointsForRca: unified.useAlertNotificationEndpointsForRca }),
    recipients: {
      emails: [...(output?.recipients?.emails ?? [])],
      notificationEndpointIds: [...(output?.recipients?.notificationEndpointIds ?? [])],
    },
    alertConfiguration: {
      type: 'LOG_ALERT',
      ...(output?.suppressNotificationsMinutes === undefined ? {} : { suppressNotificationsMinutes: output.suppressNotificationsMinutes }),
      ...(output?.type === undefined ? {} : { alertOutputTemplateType: output.type }),
      searchTimeFrameMinutes: definition.searchTimeFrameMinutes,
      // Stored as accepted by the same schema parts the response declares (readonly arrays aside).
      subComponents: definition.subComponents as NonNullable<UnifiedAlertResponse['alertConfiguration']['subComponents']>,
      ...(definition.correlations === undefined
        ? {}
        : { correlations: definition.correlations as NonNullable<UnifiedAlertResponse['alertConfiguration']['correlations']> }),
      ...(cron === undefined ? {} : { schedule: { cronExpression: cron, timezone: definition.schedule?.timezone ?? 'UTC' } }),
    },
    createdAt: seconds(alert.createdAt),
    updatedAt: seconds(alert.updatedAt),
    createdBy: alert.createdBy,
    updatedBy: alert.updatedBy,
    enabled: definition.enabled,
  };
}

/** Logward's alert ids are int32s; a unified id is one written as text. Anything else names no alert. */
export function alertIdOf(id: string): number {
  if (!/^-?\d{1,10}$/.test(id)) throw alertErrors.unifiedNotFound(id);
  const value = Number(id);
  if (value < -(2 ** 31) || value >= 2 ** 31) throw alertErrors.unifiedNotFound(id);
  return value;
}
