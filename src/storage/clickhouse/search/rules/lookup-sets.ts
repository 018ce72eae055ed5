import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=lookup-sets (docs/search-rules.md). */
export const lookupSetsRule = {
  name: 'lookup-sets',
  applies: 'lookup lists of 1,000 values or more: an engine Set table filled once, instead of the values inlined in every statement',
  decision: '0451',
} as const satisfies SearchRuleInfo;
