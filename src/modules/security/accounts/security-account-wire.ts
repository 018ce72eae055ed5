import { Type, type Static } from '@sinclair/typebox';
import { UNSAFE_NAME_CHARACTERS } from '../../../shared/safe-name.js';
import { EMAIL_PATTERN, Int32 } from '../../users/index.js';

export const CreateSecurityAccountBody = Type.Object(
  {
    accountName: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: `^[^<>:"/\\\\|?*${UNSAFE_NAME_CHARACTERS}]+$`,
      description: 'Name of the security account (same rule as sub account names)',
    }),
    email: Type.String({ pattern: EMAIL_PATTERN, description: 'E-mail of an admin user of the main account' }),
    accountsToScan: Type.Optional(
      Type.Array(Int32('Account id'), { description: 'Sub accounts whose logs are scanned; the main account is always scanned' }),
    ),
    isUsingRepositoryAccount: Type.Optional(Type.Boolean({ description: 'Kept as given' })),
  },
  { description: 'A security (SIEM) account' },
);
export type CreateSecurityAccountBody = Static<typeof CreateSecurityAccountBody>;

export const SecurityAccountResponse = Type.Object(
  {
    accountId: Type.Integer({ description: 'Id of the security account' }),
    accountName: Type.String(),
    accountsToScan: Type.Array(Type.Integer(), { description: 'Accounts scanned, the main account first' }),
    isUsingRepositoryAccount: Type.Boolean(),
    createdAt: Type.String({ description: 'yyyy-mm-ddThh:mm:ssZ' }),
  },
  { description: 'A security account' },
);
export type SecurityAccountResponse = Static<typeof SecurityAccountResponse>;
