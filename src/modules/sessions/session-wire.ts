import { Type, type Static } from '@sinclair/typebox';

const Email = Type.String({ minLength: 3, maxLength: 320 });
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const AccountId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Role = Type.Union([Type.Literal('admin'), Type.Literal('regular'), Type.Literal('read-only')]);

export const SignInBody = Type.Object(
  { email: Email, password: Password, accountId: Type.Optional(AccountId) },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

export const AccountChoiceWire = Type.Object({ accountId: Type.Integer(), accountName: Type.String(), role: Role });

export const SessionInfo = Type.Object({
  userId: Type.Integer(),
  email: Type.String(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  role: Role,
  /** Send back in `X-CSRF-Token` on every POST, PUT and DELETE. */
  csrfToken: Type.String(),
  accounts: Type.Array(AccountChoiceWire),
});
export type SessionInfo = Static<typeof SessionInfo>;

export const SignInResponse = Type.Object({
  signedIn: Type.Boolean(),
  session: Type.Optional(SessionInfo),
  /** When the user belongs to several accounts and named none: sign in again with one of these. */
  accounts: Type.Optional(Type.Array(AccountChoiceWire)),
});

export const SwitchAccountBody = Type.Object({ accountId: AccountId }, { additionalProperties: false });

export const CreateInviteBody = Type.Object(
  { userId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
export const InviteResponse = Type.Object({
  /** The one-time secret; only its hash is stored. */
  token: Type.String(),
  /** Path of the page where the user sets a password. */
  path: Type.String(),
  expiresAt: Type.Integer(),
});

export const AcceptInviteBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 128 }),
    password: Password,
    currentPassword: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: 'Required when the user has a password already: an invite never replaces one without it',
      }),
    ),
  },
  { additionalProperties: false },
);
export const AcceptInviteResponse = Type.Object({ email: Type.String() });
export const SignedOut = Type.Object({ signedIn: Type.Boolean() });
