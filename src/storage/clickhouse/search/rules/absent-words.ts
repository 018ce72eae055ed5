import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=absent-words (docs/search-rules.md). */
export const absentWordsRule = {
  name: 'absent-words',
  applies:
    "field-less word tests: a word no active part's dictionary holds is written out of the statement as `0`, the part listing reused while the store wrote nothing",
  decision: '0186',
} as const satisfies SearchRuleInfo;
