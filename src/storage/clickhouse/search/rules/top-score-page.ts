import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=top-score-page (docs/search-rules.md). */
export const topScorePageRule = {
  name: 'top-score-page',
  applies:
    'a first page ranked by scores that differ: the statistics are read once as literals and the page is read from the best score down',
  decision: '0357',
} as const satisfies SearchRuleInfo;
