/** The sessions module's control-plane tables (web UI sign-in); migrations in ./migrations/. */

/** A user's web UI password (one per person, whichever accounts they belong to). */
export interface UserPasswordsTable {
  user_id: number;
  /** `scrypt$N$r$p$salt$hash`, base64 parts (password-hash.ts). */
  password_hash: string;
  updated_at: number;
}

/** A signed-in browser. The cookie carries the session secret; only its SHA-256 is kept. */
export interface WebSessionsTable {
  id_hash: string;
  user_id: number;
  account_id: number;
  /** Sent back by the page in `X-CSRF-Token` on every state-changing call. */
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

/** A one-time link an admin hands a user to set their password; only the secret's SHA-256 is kept. */
export interface UserInvitesTable {
  token_hash: string;
  user_id: number;
  account_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One failed sign-in of a key (`email:…`, `ip:…`), kept for the throttle's window (sign-in-throttle.ts). */
export interface SignInFailuresTable {
  key: string;
  at: number;
}

export interface SessionTables {
  sign_in_failures: SignInFailuresTable;
  user_passwords: UserPasswordsTable;
  web_sessions: WebSessionsTable;
  user_invites: UserInvitesTable;
}
