/**
 * The named speed rules of search (issue 47): each mechanism that answers a search faster than its plain statement
 * would, with what it applies to and its decision record. Every rule can be switched off
 * (`LOGWARD_SEARCH_RULES_OFF=name,name`) to debug a search or to measure what the rule buys; answers are the same
 * either way (search-rules.equivalence.test.ts runs bench:search's queries on both data sets with each rule off).
 */
export interface SearchRuleInfo {
  /** What the rule does and where it applies. */
  readonly applies: string;
  /** Its decision record (docs/decisions/). */
  readonly decision: string;
}

export const SEARCH_RULES = {
  'plain-message-rows': {
    applies:
      'text tests on `message`: rows whose message the text index tokenizes as the analyzer does (`message_plain = 1`) are tested by the index alone, in a statement of their own',
    decision: '0129',
  },
  'plain-fields-rows': {
    applies:
      'field-less tests: rows whose message and fields are both plain (`message_plain = 1 AND fields_plain = 1`) are tested by the two text indexes alone; the others (a few per cent of real logs) get the exact checks in a statement of their own',
    decision: '0621',
  },
  'index-superset': {
    applies:
      'field-less words and phrases: a condition of index tests alone that every match passes leads the statements that also check values (other rows, aggregations), so only the granules it keeps are read',
    decision: '0622',
  },
  'split-aggregations': {
    applies:
      'aggregations of a search whose rows are split (plain-message-rows, plain-fields-rows) and that has no post_filter: they read the two row sets, each with its own tests, as one',
    decision: '0621',
  },
  'word-window': {
    applies: 'a first page by timestamp of a word most logs hold: read and test the newest rows of the scope first',
    decision: '0189',
  },
  'message-subset': {
    applies: 'a bounded count of field-less words: count the rows their `message` side holds first, stop once at the bound',
    decision: '0188',
  },
  'word-counts': {
    applies: "a one-word search's exact total from the per-part word counts",
    decision: '0197',
  },
} as const satisfies Record<string, SearchRuleInfo>;

export type SearchRuleName = keyof typeof SEARCH_RULES;

export const SEARCH_RULE_NAMES = Object.keys(SEARCH_RULES) as SearchRuleName[];

/** Which rules a store applies. */
export interface SearchRules {
  on(rule: SearchRuleName): boolean;
}

const isRuleName = (name: string): name is SearchRuleName => Object.hasOwn(SEARCH_RULES, name);

/** Every rule on but `off`; an unknown name is refused (a typo would otherwise measure nothing). */
export function searchRules(off: readonly string[] = []): SearchRules {
  const unknown = off.filter((name) => !isRuleName(name));
  if (unknown.length > 0)
    throw new Error(`LOGWARD_SEARCH_RULES_OFF names no rule: ${unknown.join(', ')} (the rules: ${SEARCH_RULE_NAMES.join(', ')})`);
  const disabled = new Set<string>(off);
  return { on: (rule) => !disabled.has(rule) };
}

export const ALL_SEARCH_RULES_ON: SearchRules = { on: () => true };
