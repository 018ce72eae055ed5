import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=word-counts (docs/search-rules.md). */
export const wordCountsRule = {
  name: 'word-counts',
  applies: "a one-word search's exact total from the per-part word counts",
  decision: '0197',
} as const satisfies SearchRuleInfo;

/** Where it applies: an exact count (no bound) of a scope of accounts and a window alone, without post_filter. */
export const countsFromWords = (exact: boolean, postFilter: boolean, plainScope: boolean): boolean => exact && !postFilter && plainScope;
