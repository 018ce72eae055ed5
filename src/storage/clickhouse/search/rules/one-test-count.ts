import type { SearchRuleInfo } from './search-rule-info.js';
import type { QuerySettings } from '../../transport.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=one-test-count (docs/search-rules.md). */
export const oneTestCountRule = {
  name: 'one-test-count',
  applies: 'a count whose condition is one test runs without PREWHERE (its step only costs there)',
  decision: '0195',
} as const satisfies SearchRuleInfo;

/**
 * A count reads no column but its condition's. Where that condition is one test (a word, an OR of words, a NOT),
 * PREWHERE has no rows to drop before reading another test's columns, and its step costs: at 10M, a common word's
 * count −13 to −20 % without it; the scope alone (answered from the primary key) −0.2 to −0.3 ms of 4–5 ms. Two
 * tests keep it (`refused AND level:ERROR`: +25 % without it, reading `level` for every row the word's index kept).
 * The other rows' statement led by the index superset keeps it too: PREWHERE is what evaluates the superset first
 * (decision 0622).
 */
export function oneTestCountSettings(tests: number, ledOther: boolean): QuerySettings | undefined {
  return tests <= 1 && !ledOther ? { optimize_move_to_prewhere: 0 } : undefined;
}
