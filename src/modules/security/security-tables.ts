/**
 * The security (SIEM) module's control-plane tables; migrations in ./migrations/ (range 1400–1499). Booleans are
 * 0/1 and times epoch ms, as everywhere in the control plane.
 */

/** What makes an account of type SECURITY_ACCOUNT a security account (its accounts row is the accounts module's). */
export interface SecurityAccountsTable {
  account_id: number;
  /** JSON array of the account ids scanned besides the owner account (always scanned). */
  accounts_to_scan: string;
  is_using_repository_account: number;
  created_at: number;
}

export interface SecurityRulesTable {
  id: number;
  account_id: number;
  title: string;
  enabled: number;
  /** Built-in rules: only the edits SPEC.md allows. */
  protected: number;
  /** JSON: the definition as accepted (see SecurityRuleDefinition). */
  definition: string;
  /** JSON: what evaluation needs beyond the definition (a Sigma rule's query AST, attribution), or null. */
  origin: string | null;
  created_at: number;
  updated_at: number;
  created_by: string;
  updated_by: string;
}

/** A rule as it was until `valid_until`: a security event's drill-down reads the rule that fired it, not a later edit. */
export interface SecurityRuleVersionsTable {
  rule_id: number;
  account_id: number;
  valid_until: number;
  definition: string;
  origin: string | null;
}

/** Triage of one security event (a detection firing of kind `security`); absent: NEW, unassigned, not muted. */
export interface SecurityEventStatesTable {
  firing_id: string;
  account_id: number;
  status: string;
  assignee: string | null;
  comment: string | null;
  muted: number;
  /** Epoch ms the mute ends; null: until unmuted. */
  muted_until: number | null;
  updated_at: number;
  updated_by: string;
}

/** Every triage change, who made it and when. */
export interface SecurityEventHistoryTable {
  id: string;
  firing_id: string;
  account_id: number;
  at: number;
  by: string;
  /** JSON object: the fields the change set. */
  change: string;
}

export interface SecurityTables {
  security_accounts: SecurityAccountsTable;
  security_rules: SecurityRulesTable;
  security_rule_versions: SecurityRuleVersionsTable;
  security_event_states: SecurityEventStatesTable;
  security_event_history: SecurityEventHistoryTable;
}
