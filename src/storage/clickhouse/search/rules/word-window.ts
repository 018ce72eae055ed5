import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=word-window (docs/search-rules.md). */
export const wordWindowRule = {
  name: 'word-window',
  applies: 'a first page by timestamp of a word most logs hold: read and test the newest rows of the scope first',
  decision: '0189',
} as const satisfies SearchRuleInfo;
