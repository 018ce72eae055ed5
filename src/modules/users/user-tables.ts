/** The users module's control-plane tables (created by the accounts migration 0001, before areas had ranges). */
export interface UsersTable {
  id: number;
  username: string;
  full_name: string;
  created_at: number;
  updated_at: number;
}

/** A user's membership of one account; Logz.io lists a user once per account. */
export interface AccountUsersTable {
  account_id: number;
  user_id: number;
  role: string;
  suspended: number;
  created_at: number;
}

export interface UserTables {
  users: UsersTable;
  account_users: AccountUsersTable;
}
