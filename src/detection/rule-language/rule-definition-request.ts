import { alertCron } from '../../shared/quartz-cron.js';
import { ruleLanguageErrors } from './rule-language-errors.js';
import type { AlertDefinition, AlertSchedule, SubAlert } from './rule-definition.js';
import type { AlertRequest } from './rule-wire.js';

const NEEDS_FIELD = new Set(['SUM', 'MIN', 'MAX', 'AVG', 'UNIQUE_COUNT', 'PERCENTAGE', 'PERCENTILE']);

function bad(field: string, rule: string, message: string): never {
  throw ruleLanguageErrors.invalidDefinition(field, rule, message);
}

function checkSubComponent(sub: SubAlert, index: number): void {
  const at = `body.subComponents.${index}.queryDefinition`;
  const { aggregation, groupBy } = sub.queryDefinition;
  const field = aggregation.fieldToAggregateOn ?? '';
  if (NEEDS_FIELD.has(aggregation.aggregationType) && field === '') {
    bad(`${at}.aggregation.fieldToAggregateOn`, 'required', `is required for ${aggregation.aggregationType}`);
  }
  // Logz.io refuses a field where nothing is aggregated on one; accepting it would store a field that is ignored.
  if (field !== '' && (aggregation.aggregationType === 'NONE' || aggregation.aggregationType === 'COUNT')) {
    bad(`${at}.aggregation.fieldToAggregateOn`, 'not_allowed', `must be empty for ${aggregation.aggregationType}`);
  }
  if (field !== '' && (groupBy ?? []).includes(field)) {
    bad(`${at}.aggregation.fieldToAggregateOn`, 'not_group_by', 'must not be one of the groupBy fields');
  }
  if (aggregation.aggregationType === 'PERCENTAGE' && (aggregation.valueToAggregateOn ?? '') === '') {
    bad(`${at}.aggregation.valueToAggregateOn`, 'required', 'is required for PERCENTAGE (the value whose share is measured)');
  }
  if (aggregation.aggregationType === 'PERCENTILE' && aggregation.valueToAggregateOn != null) {
    const percentile = Number(aggregation.valueToAggregateOn);
    if (!Number.isFinite(percentile) || percentile < 0 || percentile > 100) {
      bad(`${at}.aggregation.valueToAggregateOn`, 'range', 'must be a percentile between 0 and 100');
    }
  }
}

function checkSchedule(cronExpression: string | undefined, timezone: string | undefined): void {
  if (timezone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    } catch {
      bad('body.schedule.timezone', 'timezone', 'must be an IANA time zone such as UTC or Europe/Paris');
    }
  }
  if (cronExpression === undefined) return;
  try {
    alertCron(cronExpression, timezone ?? 'UTC').stop();
  } catch {
    bad('body.schedule.cronExpression', 'cron', 'is not a valid cron expression');
  }
}

/**
 * The definition to store from a validated request: defaults filled (window 5 minutes, query `*`,
 * enabled, absent shouldQueryOnAllAccounts = false for Terraform round trips), everything else kept
 * as sent so that a read returns what was written.
 */
export function definitionFromRequest(request: AlertRequest): AlertDefinition {
  const subComponents: SubAlert[] = request.subComponents.map((sub) => ({
    ...sub,
    queryDefinition: {
      ...sub.queryDefinition,
      query: sub.queryDefinition.query ?? '*',
      // SPEC.md: an alert counts the matching logs when no aggregation is given.
      aggregation: sub.queryDefinition.aggregation ?? { aggregationType: 'COUNT' },
      shouldQueryOnAllAccounts: sub.queryDefinition.shouldQueryOnAllAccounts ?? false,
    },
  }));
  subComponents.forEach(checkSubComponent);

  for (const [index, join] of (request.correlations?.joins ?? []).entries()) {
    for (const key of Object.keys(join)) {
      const position = Number(key);
      if (!Number.isInteger(position) || position < 0 || position >= subComponents.length) {
        bad(`body.correlations.joins.${index}`, 'sub_component_index', `key "${key}" is not the index of a sub-component`);
      }
    }
  }

  let schedule: AlertSchedule | undefined;
  if (request.schedule !== undefined) {
    const cronExpression = request.schedule.cronExpression ?? request.schedule.cron;
    const trimmed = cronExpression == null || cronExpression.trim() === '' ? undefined : cronExpression.trim();
    checkSchedule(trimmed, request.schedule.timezone);
    const { cron: _cron, cronExpression: _expression, ...rest } = request.schedule;
    schedule = trimmed === undefined ? rest : { ...rest, cronExpression: trimmed };
  }

  const { schedule: _schedule, ...fields } = request;
  return {
    ...fields,
    ...(schedule === undefined ? {} : { schedule }),
    searchTimeFrameMinutes: request.searchTimeFrameMinutes ?? 5,
    subComponents,
    enabled: request.enabled ?? true,
  };
}
