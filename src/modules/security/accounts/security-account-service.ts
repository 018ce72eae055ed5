import type { Clock } from '../../../shared/clock.js';
import { newInt32Id } from '../../../shared/ids.js';
import type { Principal } from '../../../shared/principal.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { accountRepository, type Account } from '../../accounts/index.js';
import { isAdminRole, userRepository } from '../../users/index.js';
import { securityErrors } from '../security-errors.js';
import type { CreateSecurityAccountBody } from './security-account-wire.js';
import { securityAccountRepository, type SecurityAccountSettings } from './security-account-repository.js';

export interface SecurityAccountDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Runs in the creating transaction: the built-in rule pack is installed with the account or not at all. */
  readonly onCreated: (tx: ControlPlaneDb, account: Account) => Promise<void>;
}

/** A created security account as the API answers it. */
export interface CreatedSecurityAccount {
  readonly account: Account;
  readonly settings: SecurityAccountSettings;
  /** The owner account first, then the scanned sub accounts. */
  readonly scanned: readonly number[];
}

export type SecurityAccountService = ReturnType<typeof createSecurityAccountService>;

/** The accounts a security account reads logs of: its owner (always) and the sub accounts it was given. */
export function scannedAccountIds(account: Pick<Account, 'ownerAccountId'>, settings: SecurityAccountSettings): number[] {
  const owner = account.ownerAccountId;
  return [...new Set([...(owner === null ? [] : [owner]), ...settings.accountsToScan])];
}

export function createSecurityAccountService(deps: SecurityAccountDeps) {
  const { db, clock } = deps;

  return {
    /** `POST /v2/account-management/siem`: a main Logs account token creates a security account of its tree. */
    async create(principal: Principal, body: CreateSecurityAccountBody): Promise<CreatedSecurityAccount> {
      if (principal.ownerAccountId !== null || principal.accountType !== 'OWNER_ACCOUNT') throw securityErrors.mainAccountTokenRequired();
      const mainId = principal.accountId;
      if (body.accountName.trim() === '') throw securityErrors.blankName();
      return db.transaction().execute(async (tx) => {
        const main = await accountRepository.get(tx, mainId);
        if (main === undefined) throw securityErrors.mainAccountTokenRequired();
        const membership = await userRepository.findMemberByUsername(tx, mainId, body.email);
        if (membership === undefined || !membership.active || !isAdminRole(membership.role)) throw securityErrors.emailNotAnAdmin();
        const subs = new Set(
          (await accountRepository.listTree(tx, mainId))
            .filter((a) => a.type === 'SUB_ACCOUNT' && a.ownerAccountId === mainId)
            .map((a) => a.id),
        );
        const requested = [...new Set(body.accountsToScan ?? [])].filter((id) => id !== mainId);
        const unknown = requested.find((id) => !subs.has(id));
        if (unknown !== undefined) throw securityErrors.unknownScannedAccount(unknown);
        const now = clock.now();
        const account: Account = {
          ...main,
          id: newInt32Id(),
          name: body.accountName,
          ownerAccountId: mainId,
          type: 'SECURITY_ACCOUNT',
          email: body.email,
          // Its own logs are its event logs only; nobody ships to it, nobody else searches it.
          maxDailyGB: 0,
          reservedDailyGB: null,
          isFlexible: false,
          searchable: false,
          accessible: true,
          sharingObjectsAccounts: [],
          active: true,
          createdAt: now,
          updatedAt: now,
          lastUpdaterUserId: membership.id,
        };
        await accountRepository.insert(tx, account);
        const settings: SecurityAccountSettings = {
          accountId: account.id,
          accountsToScan: requested,
          isUsingRepositoryAccount: body.isUsingRepositoryAccount ?? false,
          createdAt: now,
        };
        await securityAccountRepository.insert(tx, settings);
        await deps.onCreated(tx, account);
        return { account, settings, scanned: scannedAccountIds(account, settings) };
      });
    },

    /** The accounts a security account scans (empty for any other account). */
    async scanned(accountId: number): Promise<number[]> {
      const account = await accountRepository.get(db, accountId);
      const settings = await securityAccountRepository.get(db, accountId);
      if (account === undefined || settings === undefined) return [];
      return scannedAccountIds(account, settings);
    },
  };
}
