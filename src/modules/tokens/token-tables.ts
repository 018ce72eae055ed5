/** The tokens module's control-plane tables (created by the accounts migration 0001, before areas had ranges). */
export interface ApiTokensTable {
  id: number;
  account_id: number;
  name: string;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  token_hash: string;
  created_at: number;
  created_by: string | null;
  last_used_at: number | null;
}

export interface ShippingTokensTable {
  id: number;
  account_id: number;
  name: string;
  /** Shipping tokens are read back by users (and by the detailed account view), so they are kept. */
  token: string;
  enabled: number;
  created_at: number;
  updated_at: number;
  created_by: string | null;
  updated_by: string | null;
}

export interface TokenTables {
  api_tokens: ApiTokensTable;
  shipping_tokens: ShippingTokensTable;
}
