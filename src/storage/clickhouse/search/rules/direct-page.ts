import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=direct-page (docs/search-rules.md). */
export const directPageRule = {
  name: 'direct-page',
  applies: 'a page by timestamp whose one row set tests no `message`: the rows read in the statement that finds them',
  decision: '0128',
} as const satisfies SearchRuleInfo;
