/**
 * The users module's control-plane tables (created by the accounts migration 0001, before areas had ranges;
 * changed by the users area's migrations).
 */

/** A person: the e-mail they sign in with, held by the account that created them (decision 0600). */
export interface UsersTable {
  id: number;
  /** Unique per holder only: the same e-mail created by two unrelated accounts is two people. */
  username: string;
  /** The name given when the person was created; each membership carries the name its account shows. */
  full_name: string;
  /** The account whose caller created the person (null only on a store that lost that account). */
  holder_account_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A user's membership of one account; Logz.io lists a user once per account. */
export interface AccountUsersTable {
  account_id: number;
  user_id: number;
  role: string;
  /** The name this account shows for the person; renaming in one account leaves the others alone. */
  full_name: string;
  suspended: number;
  created_at: number;
}

export interface UserTables {
  users: UsersTable;
  account_users: AccountUsersTable;
}
