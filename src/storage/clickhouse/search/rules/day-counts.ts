import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=day-counts (docs/search-rules.md). */
export const dayCountsRule = {
  name: 'day-counts',
  applies: 'aggregations of everything (match_all) over whole days: read from the day-counts projection',
  decision: '0135',
} as const satisfies SearchRuleInfo;

/** Where it applies: the query matches everything (the projection counts every log of a day). */
export const readsDayCounts = (matchesAll: boolean): boolean => matchesAll;
