import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=timestamp-page (docs/search-rules.md). */
export const timestampPageRule = {
  name: 'timestamp-page',
  applies:
    "pages sorted by `@timestamp` alone: the keys at the page's positions first, then the rows fetched by key (word-window and direct-page are steps of it)",
  decision: '0128',
} as const satisfies SearchRuleInfo;

/** Where it applies: the sort is `@timestamp` alone and nothing ranks by score. */
export const pagesByTimestamp = (timestampOnly: boolean, scoring: boolean): boolean => timestampOnly && !scoring;
