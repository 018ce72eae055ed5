import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=word-counts (docs/search-rules.md). */
export const wordCountsRule = {
  name: 'word-counts',
  applies: "a one-word search's exact total from the per-part word counts",
  decision: '0197',
} as const satisfies SearchRuleInfo;
