import type { SearchRuleInfo } from './search-rule-info.js';
import type { PredicateFacts } from '../compile/predicate-facts.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=plain-message-rows (docs/search-rules.md). */
export const plainMessageRowsRule = {
  name: 'plain-message-rows',
  applies:
    'text tests on `message`: rows whose message the text index tokenizes as the analyzer does (`message_plain = 1`) are tested by the index alone, in a statement of their own',
  decision: '0129',
} as const satisfies SearchRuleInfo;

/** Where it applies: the match is written differently on `message_plain` rows (the compiler notes it). */
export const splitsOnPlainMessages = (facts: PredicateFacts): boolean => facts.usesPlainColumns.message;
