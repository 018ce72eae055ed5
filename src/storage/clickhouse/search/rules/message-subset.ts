import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=message-subset (docs/search-rules.md). */
export const messageSubsetRule = {
  name: 'message-subset',
  applies: 'a bounded count of field-less words: count the rows their `message` side holds first, stop once at the bound',
  decision: '0188',
} as const satisfies SearchRuleInfo;
