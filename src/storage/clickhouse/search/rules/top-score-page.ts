import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=top-score-page (docs/search-rules.md). */
export const topScorePageRule = {
  name: 'top-score-page',
  applies:
    'a first page ranked by scores that differ: the statistics are read once as literals and the page is read from the best score down',
  decision: '0357',
} as const satisfies SearchRuleInfo;

/** What decides whether a first page ranked by relevance can start from the best score. */
export interface RankedPageShape {
  /** Every match scores the same (then the tie-breakers order the page). */
  readonly equalScores: boolean;
  readonly sorted: boolean;
  /** search_after or a scroll position. */
  readonly paged: boolean;
  readonly from: number;
  readonly size: number;
  readonly aggregations: boolean;
}

/** Where it applies: the first page, ranked by scores that differ, with no aggregation. */
export const ranksFromBestScore = (page: RankedPageShape): boolean =>
  !page.equalScores && !page.sorted && !page.paged && page.from === 0 && page.size > 0 && !page.aggregations;
