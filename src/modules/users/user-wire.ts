import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { USER_ROLES, type AccountUser, type UserRole } from './user.js';

import { EMAIL_PATTERN } from '../../shared/email.js';

export { EMAIL_PATTERN };

export const Int32 = (description: string) => Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647, description });

export const UserRoleSchema = Type.Unsafe<UserRole>({
  type: 'string',
  enum: [...USER_ROLES],
  description: 'Role of the user in the account',
});

export const UserIdParams = Type.Object({ id: Int32('Id of the user') });
export type UserIdParams = Static<typeof UserIdParams>;

export const AccountIdQuery = Type.Object({
  accountId: Type.Optional(Int32('Sub account to act on; only a main-account token may name one other than its own')),
});
export type AccountIdQuery = Static<typeof AccountIdQuery>;

export const UpsertUserBody = Type.Object(
  {
    username: Type.String({ pattern: EMAIL_PATTERN, description: 'E-mail address the user signs in with; cannot be changed by update' }),
    fullName: Type.String({ minLength: 1, maxLength: 200, pattern: SAFE_NAME_PATTERN, description: 'First and last name' }),
    accountID: Int32('Account the user is attached to'),
    role: Type.Optional(UserRoleSchema),
  },
  { description: 'A user to create or update' },
);
export type UpsertUserBody = Static<typeof UpsertUserBody>;

export const UserResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Id of the user' }),
    username: Type.String({ description: 'E-mail address the user signs in with' }),
    fullName: Type.String({ description: 'First and last name' }),
    accountID: Type.Integer({ description: 'Account of this entry (a user in several accounts is listed once per account)' }),
    role: UserRoleSchema,
    active: Type.Boolean({ description: 'false while the user is suspended in this account' }),
  },
  { description: 'A user as seen in one account' },
);
export type UserResponse = Static<typeof UserResponse>;

/** A membership in the Logz.io spelling (`accountID`, reference §2.3). */
export function userToWire(user: AccountUser): UserResponse {
  return { id: user.id, username: user.username, fullName: user.fullName, accountID: user.accountId, role: user.role, active: user.active };
}

export const UserIdResponse = Type.Object({ id: Type.Integer({ description: 'Id of the user' }) });
export const MessageResponse = Type.Object({ message: Type.String({ description: 'What was done, and which accounts were skipped' }) });
