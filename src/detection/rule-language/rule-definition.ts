/**
 * The rule language alerts, security rules and the next rule kinds share (decision 0693): a definition's queries
 * (query, filters, groupBy, aggregation), triggers and tiers, correlations, output and schedule, in the shape of
 * Logz.io's alert API (SPEC.md: a security rule has the same fields as an alert). The names stay Logz.io's.
 */
import type { TierTrigger, TriggerOperator } from '../triggers/trigger-tiers.js';

export const AGGREGATION_TYPES = ['SUM', 'MIN', 'MAX', 'AVG', 'COUNT', 'UNIQUE_COUNT', 'NONE', 'PERCENTAGE', 'PERCENTILE'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

/** An Elasticsearch filter clause as the client sent it (e.g. `{"match_phrase":{"f":{"query":"v"}}}`). */
export type FilterClause = Readonly<Record<string, unknown>>;

export interface AlertFilters {
  readonly bool?: {
    readonly must?: readonly FilterClause[];
    readonly must_not?: readonly FilterClause[];
    readonly should?: readonly FilterClause[];
    readonly filter?: readonly FilterClause[];
  };
}

export interface Aggregation {
  readonly aggregationType: AggregationType;
  readonly fieldToAggregateOn?: string | null;
  /** PERCENTAGE: the value whose share is measured; PERCENTILE: the percentile (0–100, default 95). */
  readonly valueToAggregateOn?: string | null;
}

export interface SubAlert {
  readonly queryDefinition: {
    readonly query: string;
    readonly filters?: AlertFilters;
    readonly groupBy?: readonly string[];
    readonly aggregation: Aggregation;
    readonly shouldQueryOnAllAccounts: boolean;
    readonly accountIdsToQueryOn?: readonly number[];
  };
  readonly trigger: TierTrigger & { readonly operator: TriggerOperator };
  readonly output?: {
    readonly shouldUseAllFields?: boolean;
    readonly columns?: readonly { readonly fieldName: string; readonly regex?: string | null; readonly sort?: string | null }[];
  };
}

export interface SubAlertCorrelation {
  readonly correlationOperators?: readonly string[];
  /** Sub-component index (as a string) → the field joined on. */
  readonly joins?: readonly Readonly<Record<string, string>>[];
}

export interface AlertOutput {
  readonly recipients?: { readonly emails?: readonly string[]; readonly notificationEndpointIds?: readonly number[] };
  readonly suppressNotificationsMinutes?: number;
  readonly type?: string;
}

export interface AlertSchedule {
  readonly cronExpression?: string;
  readonly cron?: string;
  readonly timezone?: string;
}

/** Fields only the unified alerts API (`/v2/unified-alerts/logs`) has; kept as sent, read back there. */
export interface UnifiedAlertExtras {
  readonly linkedPanel?: { readonly folderId?: string; readonly dashboardId?: string; readonly panelId?: string };
  readonly runbook?: string;
  /** Stored and answered; Logward runs no root-cause analysis. */
  readonly rca?: boolean;
  readonly rcaNotificationEndpointIds?: readonly number[];
  readonly useAlertNotificationEndpointsForRca?: boolean;
}

/** Everything a client writes; stored as accepted so that a read returns exactly it. */
export interface AlertDefinition {
  readonly title: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly output?: AlertOutput;
  readonly searchTimeFrameMinutes: number;
  readonly subComponents: readonly SubAlert[];
  readonly correlations?: SubAlertCorrelation;
  readonly schedule?: AlertSchedule;
  readonly enabled: boolean;
  readonly sendToAll?: boolean;
  /** Written through the unified alerts API; /v2/alerts keeps them on a replace. */
  readonly unified?: UnifiedAlertExtras;
}
