import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=message-subset (docs/search-rules.md). */
export const messageSubsetRule = {
  name: 'message-subset',
  applies: 'a bounded count of field-less words: count the rows their `message` side holds first, stop once at the bound',
  decision: '0188',
} as const satisfies SearchRuleInfo;

/**
 * A bounded count tries the rows of its `message` words alone first when each of them is held by this many times
 * the bound's rows in the parts read (across accounts: an estimate, not a promise).
 */
const SUBSET_FIRST_POSTINGS_PER_BOUND = 16;

/** Where it applies: a bounded count whose tests are under no NOT (the subset's rows are then the match's). */
export const countsSubsetFirst = (limit: number | null, monotone: boolean): boolean => limit !== null && monotone;

/** Whether the subset is likely to reach the bound (`postings`: the fewest rows of any part holding its words). */
export const subsetLikelyEnough = (postings: number, limit: number): boolean => postings >= SUBSET_FIRST_POSTINGS_PER_BOUND * limit;
