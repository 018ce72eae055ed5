import type { UserRole } from '../users/index.js';

/** An SSO group whose members get `userRole` in the account. */
export interface AuthenticationGroup {
  readonly group: string;
  readonly userRole: UserRole;
}
