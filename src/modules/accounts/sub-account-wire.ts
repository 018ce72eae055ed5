import { Type, type Static } from '@sinclair/typebox';
import { BooleanOrString } from '../../shared/boolean-or-string.js';
import { UNSAFE_NAME_CHARACTERS } from '../../shared/safe-name.js';
import { RETENTION_DAYS_MAX as MAX_RETENTION_DAYS } from '../../shared/wire-bounds.js';
import { EMAIL_PATTERN, Int32 } from '../users/index.js';
import type { Account } from './account.js';
import type { AccountWithSharing, DetailedAccount } from './sub-account-service.js';

/** OpenAPI 3.0 spelling of "number or null": ajv then never coerces null to 0. */
const NullableNumber = (options: { description: string; minimum?: number; maximum?: number }) =>
  Type.Unsafe<number | null>({ type: 'number', nullable: true, ...options });
const NullableInteger = (options: { description: string; minimum?: number; maximum?: number }) =>
  Type.Unsafe<number | null>({ type: 'integer', nullable: true, maximum: 2_147_483_647, ...options });
const NullableString = (description: string) => Type.Unsafe<string | null>({ type: 'string', nullable: true, description });

/** Largest daily volume an account may be given: 1 PB a day is beyond any single deployment of this service. */
const MAX_DAILY_GB = 1_000_000;

// Booleans may arrive as "true"/"false" strings (the Terraform client).
const Flag = (description: string) => Type.Optional(BooleanOrString({ description }));

export const SubAccountIdParams = Type.Object({ id: Int32('Id of the account') });
export type SubAccountIdParams = Static<typeof SubAccountIdParams>;

const UtilizationSettingsInput = Type.Object(
  {
    frequencyMinutes: Type.Optional(
      NullableInteger({ minimum: 1, maximum: 7 * 24 * 60, description: 'Minutes between utilization metrics' }),
    ),
    utilizationEnabled: Flag('Log utilization metrics'),
  },
  { description: 'Settings for logging utilization metrics' },
);

const settingsFields = {
  accountName: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: `^[^<>:"/\\\\|?*${UNSAFE_NAME_CHARACTERS}]+$`,
    description: 'Name of the account; not < > : " / \\ | ? *, control or bidi characters',
  }),
  sharingObjectsAccounts: Type.Array(Int32('Account id'), {
    description: "Accounts allowed to access this account's saved objects; may be empty",
  }),
  isFlexible: Flag('Shared volume (flexible storage); reservedDailyGB then reserves capacity'),
  reservedDailyGB: Type.Optional(
    NullableNumber({ minimum: 0, maximum: MAX_DAILY_GB, description: 'Reserved daily volume in GB (flexible accounts only)' }),
  ),
  maxDailyGB: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_DAILY_GB, description: 'Maximum GB indexed per calendar day; 0 (the default) accepts nothing' }),
  ),
  searchable: Flag("Other accounts (the main account) may search this account's logs"),
  accessible: Flag('Users of the main account may access this account'),
  docSizeSetting: Flag('Attach the document size to logs'),
  utilizationSettings: Type.Optional(UtilizationSettingsInput),
  // OpenAPI 3.0 has no numeric exclusiveMinimum; 0.001 GB (1 MB) is the smallest useful limit above 0.
  softLimitGB: Type.Optional(
    NullableNumber({ minimum: 0.001, maximum: MAX_DAILY_GB, description: 'Daily volume in GB (> 0) that triggers a notification' }),
  ),
  snapSearchRetentionDays: Type.Optional(
    NullableInteger({ minimum: 1, maximum: MAX_RETENTION_DAYS, description: 'Warm-tier retention (Terraform spelling)' }),
  ),
  snapsearchRetentionDays: Type.Optional(
    NullableInteger({ minimum: 1, maximum: MAX_RETENTION_DAYS, description: 'Warm-tier retention (API spelling)' }),
  ),
};

export const CreateSubAccountBody = Type.Object(
  {
    email: Type.String({ pattern: EMAIL_PATTERN, description: 'E-mail of an admin user of the main account' }),
    retentionDays: Type.Integer({ minimum: 1, maximum: MAX_RETENTION_DAYS, description: 'Days logs are kept and searchable' }),
    ...settingsFields,
  },
  { description: 'A sub account to create; omitted settings take their defaults' },
);
export type CreateSubAccountBody = Static<typeof CreateSubAccountBody>;

export const UpdateSubAccountBody = Type.Object(
  {
    ...settingsFields,
    retentionDays: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_RETENTION_DAYS, description: 'Ignored: retention is set by the plan and cannot be updated' }),
    ),
  },
  { description: 'Replaces every setting of the account; omitted settings take their defaults' },
);
export type UpdateSubAccountBody = Static<typeof UpdateSubAccountBody>;

export const CreateSubAccountResponse = Type.Object({
  accountId: Type.Integer({ description: 'Id of the new account' }),
  accountToken: Type.String({ description: 'Log shipping token of the new account' }),
});

const UtilizationSettings = Type.Object({
  frequencyMinutes: NullableInteger({ description: 'Minutes between utilization metrics' }),
  utilizationEnabled: Type.Boolean({ description: 'Utilization metrics are logged' }),
});

const AccountRef = Type.Object({ accountId: Type.Integer(), accountName: Type.String() }, { description: 'An account by id and name' });

export const SubAccountResponse = Type.Object(
  {
    accountId: Type.Integer({ description: 'Id of the account' }),
    email: NullableString('E-mail the account was created with'),
    accountName: Type.String(),
    isOwner: Type.Boolean({ description: 'true for the main account' }),
    maxDailyGB: Type.Number(),
    reservedDailyGB: NullableNumber({ description: 'Reserved GB per day; null unless flexible' }),
    isFlexible: Type.Boolean(),
    retentionDays: Type.Integer(),
    searchable: Type.Boolean(),
    accessible: Type.Boolean(),
    docSizeSetting: Type.Boolean(),
    sharingObjectsAccounts: Type.Array(AccountRef, { description: 'In the order they were given' }),
    utilizationSettings: UtilizationSettings,
    softLimitGB: NullableNumber({ description: 'Soft daily limit in GB, or null' }),
    snapsearchRetentionDays: NullableInteger({ description: 'Warm-tier retention, or null' }),
  },
  { description: 'A time-based (main or sub) account' },
);
export type SubAccountResponse = Static<typeof SubAccountResponse>;

const AccountView = Type.Object(
  {
    accountId: Type.Integer(),
    accountName: Type.String(),
    accountToken: NullableString("The account's first log shipping token"),
    active: Type.Boolean(),
    esIndexPrefix: Type.String({ description: "Prefix of the account's index names in the Elasticsearch-compatible API" }),
    isFlexible: Type.Boolean(),
    reservedDailyGB: NullableNumber({ description: 'Reserved GB per day; null unless flexible' }),
    maxDailyGB: Type.Number(),
    retentionDays: Type.Integer(),
    softLimitGB: NullableNumber({ description: 'Soft daily limit in GB, or null' }),
  },
  { description: 'An account as the detailed view shows it' },
);

export const DetailedAccountResponse = Type.Object(
  {
    subAccountRelation: Type.Object({
      ownerAccountId: Type.Integer(),
      subAccountId: Type.Integer(),
      searchable: Type.Boolean(),
      accessible: Type.Boolean(),
      createdDate: Type.Integer({ description: 'Epoch milliseconds' }),
      lastUpdatedDate: Type.Integer({ description: 'Epoch milliseconds' }),
      lastUpdaterUserId: NullableInteger({ description: 'User behind the token that last changed the account' }),
      type: Type.String({ description: 'SUB_ACCOUNT, or OWNER_ACCOUNT for the main account' }),
    }),
    account: AccountView,
    sharingObjectsAccounts: Type.Array(AccountView),
    utilizationSettings: UtilizationSettings,
    dailyUsagesList: Type.Object({
      usage: Type.Array(Type.Object({ date: Type.Number({ description: 'Start of the UTC day, epoch ms' }), bytes: Type.Number() })),
    }),
    docSizeSetting: Type.Boolean(),
    snapsearchRetentionDays: NullableInteger({ description: 'Warm-tier retention, or null' }),
  },
  { description: 'An account with its relation, shipping token, sharing accounts and daily usage' },
);
export type DetailedAccountResponse = Static<typeof DetailedAccountResponse>;

/** Domain accounts in the Logz.io wire spelling (reference §2.2). */
export function subAccountToWire({ account, sharing }: AccountWithSharing): SubAccountResponse {
  return {
    accountId: account.id,
    email: account.email,
    accountName: account.name,
    isOwner: account.ownerAccountId === null,
    maxDailyGB: account.maxDailyGB,
    reservedDailyGB: account.reservedDailyGB,
    isFlexible: account.isFlexible,
    retentionDays: account.retentionDays,
    searchable: account.searchable,
    accessible: account.accessible,
    docSizeSetting: account.docSizeSetting,
    sharingObjectsAccounts: sharing.map((a) => ({ accountId: a.id, accountName: a.name })),
    utilizationSettings: { ...account.utilizationSettings },
    softLimitGB: account.softLimitGB,
    snapsearchRetentionDays: account.snapSearchRetentionDays,
  };
}

function accountView(account: Account, accountToken: string | null): DetailedAccountResponse['account'] {
  return {
    accountId: account.id,
    accountName: account.name,
    accountToken,
    active: account.active,
    esIndexPrefix: `logward-${account.id}`,
    isFlexible: account.isFlexible,
    reservedDailyGB: account.reservedDailyGB,
    maxDailyGB: account.maxDailyGB,
    retentionDays: account.retentionDays,
    softLimitGB: account.softLimitGB,
  };
}

export function detailedAccountToWire(detailed: DetailedAccount): DetailedAccountResponse {
  const { account } = detailed;
  return {
    subAccountRelation: {
      ownerAccountId: detailed.mainAccountId,
      subAccountId: account.id,
      searchable: account.searchable,
      accessible: account.accessible,
      createdDate: account.createdAt,
      lastUpdatedDate: account.updatedAt,
      lastUpdaterUserId: account.lastUpdaterUserId,
      type: account.ownerAccountId === null ? 'OWNER_ACCOUNT' : 'SUB_ACCOUNT',
    },
    account: accountView(account, detailed.shippingToken),
    sharingObjectsAccounts: detailed.sharing.map((shared) => accountView(shared, detailed.sharingTokens.get(shared.id) ?? null)),
    utilizationSettings: { ...account.utilizationSettings },
    dailyUsagesList: { usage: detailed.dailyUsage.map((day) => ({ date: day.date, bytes: day.bytes })) },
    docSizeSetting: account.docSizeSetting,
    snapsearchRetentionDays: account.snapSearchRetentionDays,
  };
}
