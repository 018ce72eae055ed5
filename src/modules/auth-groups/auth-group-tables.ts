/** The auth-groups module's control-plane tables; migrations in ./migrations/. */

/** One SSO group of an account and the role its members get; `position` keeps the submitted order. */
export interface AuthenticationGroupsTable {
  account_id: number;
  group_name: string;
  user_role: string;
  position: number;
}

/** Every user session of the account started before `revoked_at` is over (the web UI checks this). */
export interface SessionRevocationsTable {
  id: number;
  account_id: number;
  reason: string;
  revoked_at: number;
}

export interface AuthGroupTables {
  authentication_groups: AuthenticationGroupsTable;
  session_revocations: SessionRevocationsTable;
}
