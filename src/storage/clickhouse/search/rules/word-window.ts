import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=word-window (docs/search-rules.md). */
export const wordWindowRule = {
  name: 'word-window',
  applies: 'a first page by timestamp of a word most logs hold: read and test the newest rows of the scope first',
  decision: '0189',
} as const satisfies SearchRuleInfo;

/**
 * A first page by timestamp reads this many times the rows its matches would fill at the share of logs its most
 * common word holds (decision 0189), and at most WINDOW_ROWS_MAX: past that, reading and testing the window costs
 * about what the index does.
 */
const WINDOW_MARGIN = 2;
const WINDOW_ROWS_MAX = 512;

/** Where it applies: a first page (no search_after, no scroll position) without post_filter, of some word. */
export const windowCandidate = (paged: boolean, postFilter: boolean, words: number): boolean => !paged && !postFilter && words > 0;

/** The rows to read for a page ending at `end` when `share` of the logs hold the word; null when too many. */
export function windowRows(share: number, end: number): number | null {
  const rows = share === 0 ? Infinity : Math.ceil((WINDOW_MARGIN * (end + 1)) / share);
  return rows > WINDOW_ROWS_MAX ? null : rows;
}
