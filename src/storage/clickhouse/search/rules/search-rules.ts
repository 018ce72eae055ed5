/**
 * The named speed rules of search (issue 47): each mechanism that answers a search faster than its plain statement
 * would, one file each in this folder with what it applies to and its decision record. Every rule can be switched
 * off (`LOGWARD_SEARCH_RULES_OFF=name,name`) to debug a search or to measure what the rule buys; answers are the same
 * either way (test/bench/search-rules-equivalence.test.ts runs bench:search's queries on both data sets with each
 * rule off).
 */
import { plainMessageRowsRule } from './plain-message-rows.js';
import { plainFieldsRowsRule } from './plain-fields-rows.js';
import { indexSupersetRule } from './index-superset.js';
import { splitAggregationsRule } from './split-aggregations.js';
import { wordWindowRule } from './word-window.js';
import { messageSubsetRule } from './message-subset.js';
import { wordCountsRule } from './word-counts.js';
import { absentWordsRule } from './absent-words.js';
import { tokenDictionariesRule } from './token-dictionaries.js';
import { fewValueAnswersRule } from './few-value-answers.js';
import { oneTestCountRule } from './one-test-count.js';
import { topScorePageRule } from './top-score-page.js';
import { timestampPageRule } from './timestamp-page.js';
import { directPageRule } from './direct-page.js';
import { timestampBoundRule } from './timestamp-bound.js';
import { dayCountsRule } from './day-counts.js';
import { lookupSetsRule } from './lookup-sets.js';
import { fieldPresenceRule } from './field-presence.js';

export type { SearchRuleInfo } from './search-rule-info.js';

const RULES = [
  plainMessageRowsRule,
  plainFieldsRowsRule,
  indexSupersetRule,
  splitAggregationsRule,
  wordWindowRule,
  messageSubsetRule,
  wordCountsRule,
  absentWordsRule,
  tokenDictionariesRule,
  fewValueAnswersRule,
  oneTestCountRule,
  topScorePageRule,
  timestampPageRule,
  directPageRule,
  timestampBoundRule,
  dayCountsRule,
  lookupSetsRule,
  fieldPresenceRule,
] as const;

export type SearchRuleName = (typeof RULES)[number]['name'];

export const SEARCH_RULES: ReadonlyMap<SearchRuleName, (typeof RULES)[number]> = new Map(RULES.map((rule) => [rule.name, rule]));

export const SEARCH_RULE_NAMES: readonly SearchRuleName[] = RULES.map((rule) => rule.name);

/** Which rules a store applies. */
export interface SearchRules {
  on(rule: SearchRuleName): boolean;
}

const isRuleName = (name: string): name is SearchRuleName => SEARCH_RULES.has(name as SearchRuleName);

/** Every rule on but `off`; an unknown name is refused (a typo would otherwise measure nothing). */
export function searchRules(off: readonly string[] = []): SearchRules {
  const unknown = off.filter((name) => !isRuleName(name));
  if (unknown.length > 0)
    throw new Error(`LOGWARD_SEARCH_RULES_OFF names no rule: ${unknown.join(', ')} (the rules: ${SEARCH_RULE_NAMES.join(', ')})`);
  const disabled = new Set<string>(off);
  return { on: (rule) => !disabled.has(rule) };
}

export const ALL_SEARCH_RULES_ON: SearchRules = { on: () => true };
