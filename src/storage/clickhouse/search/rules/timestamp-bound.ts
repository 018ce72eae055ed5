import type { SearchRuleInfo } from './search-rule-info.js';

/** Switch off with LOGWARD_SEARCH_RULES_OFF=timestamp-bound (docs/search-rules.md). */
export const timestampBoundRule = {
  name: 'timestamp-bound',
  applies: "other sorted pages: the timestamp of the page's last candidate read first, bounding the statement that reads whole rows",
  decision: '0127',
} as const satisfies SearchRuleInfo;

/** Where it applies: a sort led by `@timestamp` (hits-sql.ts timestampBoundSql). */
export const boundsByTimestamp = (timestampLed: boolean): boolean => timestampLed;
