import { Type, type Static } from '@sinclair/typebox';

export const WhoamiResponse = Type.Object(
  {
    accountName: Type.String({ description: 'Name of the account the token belongs to' }),
    accountId: Type.Integer({ description: 'Id of the account the token belongs to' }),
  },
  { description: 'The account of the API token' },
);
export type WhoamiResponse = Static<typeof WhoamiResponse>;

export const LegacyWhoamiResponse = Type.Object({ accountName: Type.String() }, { description: 'Legacy whoami: the account name only' });
