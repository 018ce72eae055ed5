import type { SearchRuleInfo } from './search-rule-info.js';
import type { PredicateFacts } from '../compile/predicate-facts.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=direct-page (docs/search-rules.md). */
export const directPageRule = {
  name: 'direct-page',
  applies: 'a page by timestamp whose one row set tests no `message`: the rows read in the statement that finds them',
  decision: '0128',
} as const satisfies SearchRuleInfo;

/** Where it applies: one row set whose tests read no `message` (reading a row then costs little beside testing it). */
export const readsPageDirectly = (rowSets: number, facts: PredicateFacts): boolean => rowSets === 1 && !facts.readsMessage;
