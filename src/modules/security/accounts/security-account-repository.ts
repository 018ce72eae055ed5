import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';

export interface SecurityAccountSettings {
  readonly accountId: number;
  /** Accounts scanned besides the owner account, as given. */
  readonly accountsToScan: readonly number[];
  readonly isUsingRepositoryAccount: boolean;
  readonly createdAt: number;
}

export const securityAccountRepository = {
  async insert(db: ControlPlaneDb, settings: SecurityAccountSettings): Promise<void> {
    await db
      .insertInto('security_accounts')
      .values({
        account_id: settings.accountId,
        accounts_to_scan: JSON.stringify(settings.accountsToScan),
        is_using_repository_account: settings.isUsingRepositoryAccount ? 1 : 0,
        created_at: settings.createdAt,
      })
      .execute();
  },

  async get(db: ControlPlaneDb, accountId: number): Promise<SecurityAccountSettings | undefined> {
    const row = await db.selectFrom('security_accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      accountId: row.account_id,
      accountsToScan: JSON.parse(row.accounts_to_scan) as number[],
      isUsingRepositoryAccount: row.is_using_repository_account === 1,
      createdAt: Number(row.created_at),
    };
  },
};
