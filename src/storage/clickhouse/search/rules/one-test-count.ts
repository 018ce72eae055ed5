import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=one-test-count (docs/search-rules.md). */
export const oneTestCountRule = {
  name: 'one-test-count',
  applies: 'a count whose condition is one test runs without PREWHERE (its step only costs there)',
  decision: '0195',
} as const satisfies SearchRuleInfo;
