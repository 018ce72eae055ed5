/** The alert API's shapes (/v2/alerts, /v1/alerts/triggered-alerts) and the form's, with the mapping between them. */

import type { TriggerOperator } from '../../../src/trigger-model/index.js';
import { SEVERITIES, type Severity } from '../../../src/shared/severity.js';

// Severities and operators are the evaluator's own (decision 0677); the form lists operators in its reading order.
export { SEVERITIES, type Severity };
export const AGGREGATIONS = ['COUNT', 'SUM', 'MIN', 'MAX', 'AVG', 'UNIQUE_COUNT', 'PERCENTAGE', 'PERCENTILE', 'NONE'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const OPERATORS: readonly TriggerOperator[] = [
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUALS',
  'LESS_THAN',
  'LESS_THAN_OR_EQUALS',
  'EQUALS',
  'NOT_EQUALS',
];
export type Operator = TriggerOperator;

export interface SubComponent {
  readonly queryDefinition: {
    readonly query?: string;
    readonly groupBy?: readonly string[];
    readonly aggregation: {
      readonly aggregationType: Aggregation;
      readonly fieldToAggregateOn?: string | null;
      readonly valueToAggregateOn?: string | null;
    };
    readonly shouldQueryOnAllAccounts?: boolean;
    readonly filters?: unknown;
  };
  readonly trigger: { readonly operator: Operator; readonly severityThresholdTiers: Partial<Record<Severity, number>> };
  readonly output?: { readonly shouldUseAllFields?: boolean; readonly columns?: readonly { readonly fieldName: string }[] };
}

export interface AlertRequest {
  readonly title: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly searchTimeFrameMinutes?: number;
  readonly subComponents: readonly SubComponent[];
  readonly correlations?: { readonly correlationOperators?: readonly string[]; readonly joins?: readonly Record<string, string>[] };
  readonly output?: {
    readonly recipients?: { readonly emails?: readonly string[]; readonly notificationEndpointIds?: readonly number[] };
    readonly suppressNotificationsMinutes?: number;
    readonly type?: string;
  };
  readonly schedule?: { readonly cronExpression?: string; readonly timezone?: string };
  readonly enabled?: boolean;
  readonly sendToAll?: boolean;
}

export interface Alert extends AlertRequest {
  readonly id: number;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly updatedAt: string;
  readonly updatedBy: string;
  readonly enabled: boolean;
  readonly searchTimeFrameMinutes: number;
}

export interface TriggeredAlert {
  readonly alertId: number;
  readonly name: string;
  readonly eventDate: number;
  readonly severity: Severity;
  readonly alertEventId: string;
  readonly tags: readonly string[];
  readonly groupBy: Readonly<Record<string, string>>;
  readonly value: number;
  readonly threshold: number;
  readonly alertWindowStartDate: number;
  readonly alertWindowEndDate: number;
  readonly notificationState: string;
}

export interface TriggeredPage {
  readonly total: number;
  readonly from: number;
  readonly pageSize: number;
  readonly results: readonly TriggeredAlert[];
}

/** The highest severity an alert can reach (what the list shows and filters on). */
export function topSeverity(alert: AlertRequest): Severity | undefined {
  let top: Severity | undefined;
  for (const sub of alert.subComponents)
    for (const severity of SEVERITIES)
      if (sub.trigger.severityThresholdTiers[severity] !== undefined)
        top = top === undefined || SEVERITIES.indexOf(severity) > SEVERITIES.indexOf(top) ? severity : top;
  return top;
}

export interface SubForm {
  query: string;
  groupBy: string;
  aggregationType: Aggregation;
  field: string;
  value: string;
  operator: Operator;
  tiers: Record<Severity, string>;
  allFields: boolean;
  columns: string;
  join: string;
}

export interface AlertFormValues {
  title: string;
  description: string;
  tags: string;
  enabled: boolean;
  windowMinutes: string;
  subs: SubForm[];
  emails: string;
  endpointIds: string[];
  suppressMinutes: string;
  outputType: 'JSON' | 'TABLE';
  cron: string;
  timezone: string;
  sendToAll: boolean;
}

const words = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

export function emptySub(): SubForm {
  return {
    query: '*',
    groupBy: '',
    aggregationType: 'COUNT',
    field: '',
    value: '',
    operator: 'GREATER_THAN_OR_EQUALS',
    tiers: { INFO: '', LOW: '', MEDIUM: '', HIGH: '1', SEVERE: '' },
    allFields: true,
    columns: '',
    join: '',
  };
}

export function emptyAlertForm(): AlertFormValues {
  return {
    title: '',
    description: '',
    tags: '',
    enabled: true,
    windowMinutes: '5',
    subs: [emptySub()],
    emails: '',
    endpointIds: [],
    suppressMinutes: '0',
    outputType: 'JSON',
    cron: '',
    timezone: 'UTC',
    sendToAll: false,
  };
}

export function formOfAlert(alert: Alert): AlertFormValues {
  const joins = alert.correlations?.joins?.[0] ?? {};
  return {
    title: alert.title,
    description: alert.description ?? '',
    tags: (alert.tags ?? []).join(', '),
    enabled: alert.enabled,
    windowMinutes: String(alert.searchTimeFrameMinutes),
    subs: alert.subComponents.map((sub, index) => ({
      query: sub.queryDefinition.query ?? '*',
      groupBy: (sub.queryDefinition.groupBy ?? []).join(', '),
      aggregationType: sub.queryDefinition.aggregation.aggregationType,
      field: sub.queryDefinition.aggregation.fieldToAggregateOn ?? '',
      value: sub.queryDefinition.aggregation.valueToAggregateOn ?? '',
      operator: sub.trigger.operator,
      tiers: Object.fromEntries(SEVERITIES.map((s) => [s, String(sub.trigger.severityThresholdTiers[s] ?? '')])) as Record<
        Severity,
        string
      >,
      allFields: sub.output?.shouldUseAllFields ?? false,
      columns: (sub.output?.columns ?? []).map((column) => column.fieldName).join(', '),
      join: joins[String(index)] ?? '',
    })),
    emails: (alert.output?.recipients?.emails ?? []).join(', '),
    endpointIds: (alert.output?.recipients?.notificationEndpointIds ?? []).map(String),
    suppressMinutes: String(alert.output?.suppressNotificationsMinutes ?? 0),
    outputType: alert.output?.type === 'TABLE' ? 'TABLE' : 'JSON',
    cron: alert.schedule?.cronExpression ?? '',
    timezone: alert.schedule?.timezone ?? 'UTC',
    sendToAll: alert.sendToAll ?? false,
  };
}

/** Fields whose aggregation takes no field. */
export const FIELDLESS: ReadonlySet<Aggregation> = new Set(['COUNT', 'NONE']);

export function requestOfForm(values: AlertFormValues): AlertRequest {
  const joins = Object.fromEntries(values.subs.flatMap((sub, index) => (sub.join.trim() === '' ? [] : [[String(index), sub.join.trim()]])));
  const cron = values.cron.trim();
  return {
    title: values.title.trim(),
    description: values.description,
    tags: words(values.tags),
    enabled: values.enabled,
    searchTimeFrameMinutes: Number(values.windowMinutes),
    subComponents: values.subs.map((sub) => ({
      queryDefinition: {
        query: sub.query.trim() === '' ? '*' : sub.query.trim(),
        groupBy: words(sub.groupBy),
        aggregation: {
          aggregationType: sub.aggregationType,
          fieldToAggregateOn: FIELDLESS.has(sub.aggregationType) || sub.field.trim() === '' ? null : sub.field.trim(),
          valueToAggregateOn: sub.value.trim() === '' ? null : sub.value.trim(),
        },
      },
      trigger: {
        operator: sub.operator,
        severityThresholdTiers: Object.fromEntries(
          SEVERITIES.filter((s) => sub.tiers[s].trim() !== '').map((s) => [s, Number(sub.tiers[s])]),
        ),
      },
      output: {
        shouldUseAllFields: sub.allFields,
        columns: words(sub.columns).map((fieldName) => ({ fieldName })),
      },
    })),
    ...(values.subs.length > 1
      ? { correlations: { correlationOperators: ['AND'], joins: Object.keys(joins).length === 0 ? [] : [joins] } }
      : {}),
    output: {
      recipients: { emails: words(values.emails), notificationEndpointIds: values.endpointIds.map(Number) },
      suppressNotificationsMinutes: Number(values.suppressMinutes === '' ? '0' : values.suppressMinutes),
      type: values.outputType,
    },
    schedule: cron === '' ? {} : { cronExpression: cron, timezone: values.timezone.trim() === '' ? 'UTC' : values.timezone.trim() },
    sendToAll: values.sendToAll,
  };
}

/** Discover on a firing's window and the alert's query, narrowed to the group that fired. */
export function discoverLinkOf(
  fired: Pick<TriggeredAlert, 'groupBy' | 'alertWindowStartDate' | 'alertWindowEndDate'>,
  alert: Pick<AlertRequest, 'subComponents'> | undefined,
): string {
  const base = alert?.subComponents[0]?.queryDefinition.query ?? '*';
  const groups = Object.entries(fired.groupBy).map(([field, value]) => `${field}:"${value.replace(/["\\]/g, '\\$&')}"`);
  const query = [base === '*' || base.trim() === '' ? '' : groups.length === 0 ? base : `(${base})`, ...groups]
    .filter((part) => part !== '')
    .join(' AND ');
  const params = new URLSearchParams({
    from: new Date(fired.alertWindowStartDate * 1000).toISOString(),
    to: new Date(fired.alertWindowEndDate * 1000).toISOString(),
  });
  if (query !== '') params.set('q', query);
  return `/app/discover?${params.toString()}`;
}

/** A firing the preview says the alert would have made (POST /v2/alerts/preview, decision 0678). */
export interface PreviewFiring {
  readonly windowStart: string;
  readonly windowEnd: string;
  readonly severity: Severity;
  readonly value: number;
  readonly threshold: number;
  readonly group: Record<string, string>;
}

/** The server's preview: the evaluator's own judgement over the last 24 hours, nothing recorded. */
export interface AlertPreviewAnswer {
  readonly from: string;
  readonly to: string;
  /** false: the server's time budget ran out and only the newest windows, from `from`, were judged. */
  readonly complete: boolean;
  readonly windowMinutes: number;
  readonly windowsOnGrid: number;
  readonly windowsJudged: number;
  readonly stride: number;
  /** exact: every window of the grid, from per-interval partials; stride: every stride-th window asked on its own (absent from older servers). */
  readonly method?: 'exact' | 'stride';
  readonly truncated: boolean;
  readonly firings: readonly PreviewFiring[];
}
