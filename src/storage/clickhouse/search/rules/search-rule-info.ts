/** What every speed rule states (one file per rule in this folder, listed in search-rules.ts). */
export interface SearchRuleInfo {
  /** The name LOGWARD_SEARCH_RULES_OFF switches it off by. */
  readonly name: string;
  /** What the rule does and where it applies. */
  readonly applies: string;
  /** Its decision record (docs/decisions/). */
  readonly decision: string;
}
