import type { TriggerOperator } from '../../../detection/index.js';
import type { ConvertedSigmaRule, SigmaAggregation } from '../../../sigma/index.js';
import type { AggregationType } from '../../../detection/index.js';
import type { SecurityRuleDefinition, SigmaOrigin } from '../rules/security-rule.js';

/** What a converted Sigma rule becomes before it is stored. */
export interface SigmaRuleDraft {
  readonly definition: SecurityRuleDefinition;
  readonly origin: SigmaOrigin;
}

const OPERATORS: Readonly<Record<SigmaAggregation['operator'], TriggerOperator>> = {
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUALS',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUALS',
  '==': 'EQUALS',
};

const MEASURES: Readonly<Record<SigmaAggregation['measure'], AggregationType>> = {
  count: 'COUNT',
  unique_count: 'UNIQUE_COUNT',
  sum: 'SUM',
  min: 'MIN',
  max: 'MAX',
  avg: 'AVG',
};

/** Default window of a Sigma rule without `timeframe` (SPEC.md's smallest recommended window). */
const DEFAULT_WINDOW_MINUTES = 5;
const MAX_TAGS = 25;

/** The query text a Sigma rule's sub-component shows: its Sigma id, so a reader knows where the detection lives. */
export function sigmaLabel(rule: ConvertedSigmaRule): string {
  return `sigma:${rule.sigmaId ?? rule.title}`;
}

/**
 * A converted Sigma rule as a security rule (decision 0405): one sub-component whose detection is the converted AST;
 * a plain detection fires on any matching log (count > 0), an aggregation `| count() by x > n` maps onto the
 * engine's measure, groupBy and trigger; `timeframe` becomes the window.
 */
export function draftOfSigmaRule(rule: ConvertedSigmaRule): SigmaRuleDraft {
  const aggregation = rule.aggregation;
  const label = sigmaLabel(rule);
  const minutes = rule.timeframeSeconds === null ? DEFAULT_WINDOW_MINUTES : Math.max(1, Math.ceil(rule.timeframeSeconds / 60));
  const definition: SecurityRuleDefinition = {
    title: rule.title,
    description: [rule.description ?? '', rule.falsepositives.length === 0 ? '' : `False positives: ${rule.falsepositives.join('; ')}`]
      .filter((part) => part !== '')
      .join('\n\n'),
    tags: [...new Set(['sigma', ...rule.tags])].slice(0, MAX_TAGS),
    output: { recipients: { emails: [], notificationEndpointIds: [] }, suppressNotificationsMinutes: 0, type: 'JSON' },
    searchTimeFrameMinutes: minutes,
    subComponents: [
      {
        queryDefinition: {
          query: label,
          groupBy: aggregation === null ? [] : [...aggregation.groupBy],
          aggregation:
            aggregation === null
              ? { aggregationType: 'COUNT' }
              : { aggregationType: MEASURES[aggregation.measure], fieldToAggregateOn: aggregation.field },
          shouldQueryOnAllAccounts: true,
          accountIdsToQueryOn: [],
        },
        trigger:
          aggregation === null
            ? { operator: 'GREATER_THAN', severityThresholdTiers: { [rule.severity]: 0 } }
            : { operator: OPERATORS[aggregation.operator], severityThresholdTiers: { [rule.severity]: aggregation.threshold } },
        output: { columns: [] },
      },
    ],
    enabled: true,
    mitreTags: [...rule.mitreTags],
  };
  const origin: SigmaOrigin = {
    kind: 'sigma',
    sigmaId: rule.sigmaId,
    author: rule.author,
    references: [...rule.references],
    date: rule.date,
    level: rule.level,
    logsource: Object.fromEntries(
      Object.entries(rule.logsource).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    queries: [{ label, ast: rule.query }],
  };
  return { definition, origin };
}
