/** Roles as the Logz.io API spells them; USER_ROLE_ADMIN appears in SPEC.md, the others in the reference. */
export const USER_ROLES = ['USER_ROLE_READONLY', 'USER_ROLE_REGULAR', 'USER_ROLE_ACCOUNT_ADMIN', 'USER_ROLE_ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Role of a user created without one: the least surprising role that can still work. */
export const DEFAULT_USER_ROLE: UserRole = 'USER_ROLE_REGULAR';

export function isAdminRole(role: string): boolean {
  return role === 'USER_ROLE_ACCOUNT_ADMIN' || role === 'USER_ROLE_ADMIN';
}

/** A user as seen in one account (Logz.io lists a user once per account it belongs to). */
export interface AccountUser {
  readonly id: number;
  readonly username: string;
  readonly fullName: string;
  readonly accountId: number;
  readonly role: UserRole;
  readonly active: boolean;
}
