import type { Account } from './account.js';
import type { AccountWithSharing, DetailedAccount } from './sub-account-service.js';
import type { DetailedAccountResponse, SubAccountResponse } from './sub-account-wire.js';

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
