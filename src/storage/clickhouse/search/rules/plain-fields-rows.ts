import type { SearchRuleInfo } from './search-rule-info.js';
import type { PredicateFacts } from '../compile/predicate-facts.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=plain-fields-rows (docs/search-rules.md). */
export const plainFieldsRowsRule = {
  name: 'plain-fields-rows',
  applies:
    'field-less tests: rows whose message and fields are both plain (`message_plain = 1 AND fields_plain = 1`) are tested by the two text indexes alone; the others (a few per cent of real logs) get the exact checks in a statement of their own',
  decision: '0621',
} as const satisfies SearchRuleInfo;

/** Where it applies: the match is written differently on `fields_plain` rows (the compiler notes it). */
export const splitsOnPlainFields = (facts: PredicateFacts): boolean => facts.usesPlainColumns.fields;
