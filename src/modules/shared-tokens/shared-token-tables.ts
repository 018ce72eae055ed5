/** The shared-tokens module's control-plane tables; migrations in ./migrations/ (range 1300–1399). */

/** A `field: value` condition a shared token's searches are narrowed by. */
export interface SharedTokenFiltersTable {
  id: number;
  account_id: number;
  field: string;
  value: string;
  description: string | null;
  created_at: number;
}

export interface SharedTokensTable {
  id: number;
  account_id: number;
  name: string;
  /** SHA-256 of the token; the token is shown once, on create (decision 0551). */
  token_hash: string;
  /** The token's last four characters, so a listed token can be recognised. */
  token_hint: string;
  /** 'AND' or 'OR': how the token's filters combine. */
  filters_operator: string;
  expiration_date: number | null;
  last_used_at: number | null;
  created_at: number;
}

/** The filters a token carries, in the order they were given. */
export interface SharedTokenFilterLinksTable {
  token_id: number;
  filter_id: number;
  position: number;
}

export interface SharedTokenTables {
  shared_token_filters: SharedTokenFiltersTable;
  shared_tokens: SharedTokensTable;
  shared_token_filter_links: SharedTokenFilterLinksTable;
}
