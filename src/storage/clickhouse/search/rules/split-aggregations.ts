import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=split-aggregations (docs/search-rules.md). */
export const splitAggregationsRule = {
  name: 'split-aggregations',
  applies:
    'aggregations of a search whose rows are split (plain-message-rows, plain-fields-rows) and that has no post_filter: they read the two row sets, each with its own tests, as one',
  decision: '0621',
} as const satisfies SearchRuleInfo;

/** Where it applies: without post_filter the two row sets of a split are exactly the aggregations' rows. */
export const aggregatesSplitRows = (split: boolean, postFilter: boolean): boolean => split && !postFilter;
