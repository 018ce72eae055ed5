/** The roles an account admin may give (USER_ROLE_ADMIN, all accounts, is given by the platform, not here). */
export const ROLES = [
  ['USER_ROLE_READONLY', 'Read-only'],
  ['USER_ROLE_REGULAR', 'Regular'],
  ['USER_ROLE_ACCOUNT_ADMIN', 'Admin'],
] as const;

export function roleLabel(role: string): string {
  return ROLES.find(([value]) => value === role)?.[1] ?? 'Admin (all accounts)';
}
