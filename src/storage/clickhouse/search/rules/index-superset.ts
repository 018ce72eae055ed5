import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=index-superset (docs/search-rules.md). */
export const indexSupersetRule = {
  name: 'index-superset',
  applies:
    'field-less words and phrases: a condition of index tests alone that every match passes leads the statements that also check values (other rows, aggregations), so only the granules it keeps are read',
  decision: '0622',
} as const satisfies SearchRuleInfo;
