import { Type, type Static } from '@sinclair/typebox';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { UserRoleSchema } from '../users/index.js';

export const AuthenticationGroupSchema = Type.Object(
  {
    group: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: SAFE_NAME_PATTERN,
      description: 'Name of the group in the identity provider',
    }),
    userRole: UserRoleSchema,
  },
  { description: 'An SSO group and the role its members get' },
);

export const AuthenticationGroups = Type.Array(AuthenticationGroupSchema, { description: 'The complete set of groups, in order' });
export type AuthenticationGroups = Static<typeof AuthenticationGroups>;
