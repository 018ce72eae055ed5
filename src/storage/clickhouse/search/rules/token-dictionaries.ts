import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=token-dictionaries (docs/search-rules.md). */
export const tokenDictionariesRule = {
  name: 'token-dictionaries',
  applies:
    'token patterns (prefix, wildcard, regexp, fuzzy on text): the tokens a pattern matches are read from the text index dictionaries and tested as a list, instead of testing every token of every row',
  decision: '0144',
} as const satisfies SearchRuleInfo;
