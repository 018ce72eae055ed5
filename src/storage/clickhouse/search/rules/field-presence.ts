import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=field-presence (docs/search-rules.md). */
export const fieldPresenceRule = {
  name: 'field-presence',
  applies:
    'a filters aggregation of plain `exists` tests and nothing else (no sub-aggregation, no other bucket), as Discover asks which fields hold a value: one pass reading each map’s keys once, not one lookup per field per row',
  decision: '0785',
} as const satisfies SearchRuleInfo;
