/** The insights module's control-plane tables; migrations in ./migrations/ (range 1800–1899). */

/** What the learning job knows of one account: its parser's templates and how far it has read the account's logs. */
export interface InsightLearningStatesTable {
  account_id: number;
  /** PatternParserState as JSON: the learned templates survive restarts. */
  parser_state: string;
  /** Logs stamped at or after this epoch ms are still to be read. */
  from_ms: number;
  /** JSON SearchCursor inside the window from `from_ms`, when the last cycle stopped at its page cap; else null. */
  cursor: string | null;
  updated_at: number;
}

/** One insight of an account: a recurring template (LOGCEPTION) or a known error signature (PUBLIC_CI). */
export interface InsightsTable {
  account_id: number;
  /** `L-<template id>` or `P-<signature id>`. */
  insight_id: string;
  insight_type: string;
  tag_name: string;
  title: string;
  description: string;
  /** JSON array of documentation URLs (PUBLIC_CI). */
  links: string;
  /** The Lucene query that finds the insight's logs (its Discover link). */
  query: string;
  first_occurrence: number;
  last_occurrence: number;
  count: number;
  /** JSON array of log types. */
  log_types: string;
  /** JSON object of objects: sample values. */
  additional_data: string;
}

export interface InsightTables {
  insight_learning_states: InsightLearningStatesTable;
  insights: InsightsTable;
}
