import { SEVERITIES, type Severity } from '../../../shared/severity.js';
import type { SecurityRule } from './security-rule.js';
import type { BulkFilters, RuleSearchRequest } from './security-rule-wire.js';

/** A rule's severity: the highest tier any of its sub-components defines. */
export function ruleSeverity(rule: SecurityRule): Severity {
  let best = 0;
  for (const sub of rule.definition.subComponents) {
    for (const severity of Object.keys(sub.trigger.severityThresholdTiers)) {
      best = Math.max(best, SEVERITIES.indexOf(severity as Severity));
    }
  }
  return SEVERITIES[best] ?? 'INFO';
}

const lower = (text: string): string => text.toLowerCase();

/** Does the rule pass every given filter (an empty list filters nothing)? */
export function matchesFilter(rule: SecurityRule, filter: BulkFilters | undefined): boolean {
  if (filter === undefined) return true;
  const { definition } = rule;
  const search = filter.search?.trim() ?? '';
  if (search !== '' && !`${definition.title}\n${definition.description ?? ''}`.toLowerCase().includes(lower(search))) return false;
  const has = <T>(list: readonly T[] | undefined, test: (value: T) => boolean): boolean =>
    list === undefined || list.length === 0 || list.some(test);
  const emails = (definition.output?.recipients?.emails ?? []).map(lower);
  const endpoints = definition.output?.recipients?.notificationEndpointIds ?? [];
  return (
    has(filter.severities, (severity) => severity === ruleSeverity(rule)) &&
    has(filter.createdBy, (email) => lower(email) === lower(rule.createdBy)) &&
    has(filter.updatedBy, (email) => lower(email) === lower(rule.updatedBy)) &&
    has(filter.enabledState, (enabled) => enabled === definition.enabled) &&
    has(filter.emailNotifications, (email) => emails.includes(lower(email))) &&
    has(filter.tags, (tag) => (definition.tags ?? []).includes(tag)) &&
    has(filter.notificationsEndpointIds, (id) => endpoints.includes(id)) &&
    has(filter.ruleIds, (id) => id === rule.id)
  );
}

type SortField = NonNullable<NonNullable<RuleSearchRequest['sort']>['sortByField']>;

function keyOf(field: SortField): (rule: SecurityRule) => number | string {
  switch (field) {
    case 'SEVERITY':
      return (rule) => SEVERITIES.indexOf(ruleSeverity(rule));
    case 'NAME':
    case 'name':
      return (rule) => rule.definition.title.toLowerCase();
    case 'CREATED_AT':
    case 'createdAt':
      return (rule) => rule.createdAt;
    case 'UPDATED_AT':
    case 'updatedAt':
      return (rule) => rule.updatedAt;
  }
}

export interface RulePage {
  readonly total: number;
  readonly results: readonly SecurityRule[];
  readonly pageNumber: number;
  readonly pageSize: number;
}

/**
 * Filter, sort and page the rules of one account in memory: an account holds hundreds of rules, not millions, and
 * the filters (severity from tiers, recipients) read the definition. Ties keep id order, so pages never overlap.
 */
export function searchRules(rules: readonly SecurityRule[], request: RuleSearchRequest): RulePage {
  const matching = rules.filter((rule) => matchesFilter(rule, request.filter));
  const field = request.sort?.sortByField ?? 'UPDATED_AT';
  const direction = (request.sort?.descending ?? true) ? -1 : 1;
  const key = keyOf(field);
  const sorted = [...matching].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
    return a.id - b.id;
  });
  const pageNumber = request.pagination?.pageNumber ?? 1;
  const pageSize = request.pagination?.pageSize ?? 25;
  const start = (pageNumber - 1) * pageSize;
  return { total: matching.length, results: sorted.slice(start, start + pageSize), pageNumber, pageSize };
}
