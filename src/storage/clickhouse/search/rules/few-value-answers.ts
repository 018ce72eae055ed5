import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=few-value-answers (docs/search-rules.md). */
export const fewValueAnswersRule = {
  name: 'few-value-answers',
  applies:
    'patterns and fuzzy terms on the columns of few values: answered once over the listed values, the column tested against the values that pass (none read at all when none pass)',
  decision: '0193',
} as const satisfies SearchRuleInfo;
