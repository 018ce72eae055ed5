import type { AccountService } from '../../modules/accounts/index.js';
import type { Principal } from '../../shared/principal.js';

/**
 * Background work that reads an account's own logs (snapshot panels, archive passes) searches as the account's API
 * tokens would: the same scope and retention, no other account's logs. Undefined when the account is gone.
 */
export function accountReaderPrincipal(accounts: AccountService): (accountId: number) => Promise<Principal | undefined> {
  return async (accountId) => {
    const account = await accounts.getAccount(accountId);
    if (account === undefined) return undefined;
    return {
      kind: 'api-token',
      accountId: account.id,
      accountName: account.name,
      region: account.region,
      ownerAccountId: account.ownerAccountId,
      accountType: account.type,
      tokenId: 0,
      retentionDays: account.retentionDays,
    };
  };
}
