import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { Principal } from '../../shared/principal.js';
import { keyValueRepository, type ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { TokenService } from '../tokens/index.js';
import { userRepository } from '../users/index.js';
import { DEFAULT_EXTRA_SETTINGS, type Account } from './account.js';
import { accountRepository } from './account-repository.js';
import { searchableAmong } from './search-access.js';
import { subAccountOperations, type DailyUsage } from './sub-account-service.js';

export interface BootstrapInput {
  readonly region: string;
  readonly adminEmail: string;
  readonly apiToken: string | undefined;
  readonly shippingToken: string | undefined;
}

export type BootstrapResult =
  | { readonly created: false }
  | { readonly created: true; readonly account: Account; readonly apiToken: string; readonly shippingToken: string };

export interface AccountServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly tokens: TokenService;
  /** Bytes received per UTC day for an account (the ingest work records them). */
  readonly dailyUsage: (accountId: number) => Promise<readonly DailyUsage[]>;
  /** Run, in order, after an account deletion has committed (e.g. deleting its logs). */
  readonly onAccountDeleted: readonly ((accountId: number) => Promise<void>)[];
}

export type AccountService = ReturnType<typeof createAccountService>;

/** Retention of a fresh main account; sub accounts set their own. */
const MAIN_ACCOUNT_RETENTION_DAYS = 30;
/** A main account on a self-hosted server is not capped unless an operator says so. */
const MAIN_ACCOUNT_MAX_DAILY_GB = 1000;

export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock, tokens } = deps;

  return {
    ...subAccountOperations(deps),

    /** The accounts `accountId` may search (itself first); none when it does not exist. */
    async searchableAccountIds(accountId: number): Promise<number[]> {
      const account = await accountRepository.get(db, accountId);
      if (account === undefined) return [];
      if (account.ownerAccountId !== null) return [account.id];
      return searchableAmong(account, await accountRepository.listTree(db, account.id));
    },

    /**
     * Creates the main account, its admin user, one API token and one shipping token when the store
     * holds no main account yet. Runs in one transaction, so a crash leaves nothing half-made.
     */
    async bootstrap(input: BootstrapInput): Promise<BootstrapResult> {
      return db.transaction().execute(async (tx) => {
        // Processes started together on an empty store take turns here; the later ones then see the main account
        // (read committed: the count runs after the lock, on the first one's committed rows), instead of failing on
        // users_username_key (issue 51).
        await keyValueRepository.lock(tx, 'bootstrap_lock');
        if ((await accountRepository.countMainAccounts(tx)) > 0) return { created: false } as const;
        const now = clock.now();
        const userId = newInt32Id();
        const account: Account = {
          ...DEFAULT_EXTRA_SETTINGS,
          id: newInt32Id(),
          name: 'main',
          region: input.region,
          ownerAccountId: null,
          type: 'OWNER_ACCOUNT',
          email: input.adminEmail,
          retentionDays: MAIN_ACCOUNT_RETENTION_DAYS,
          maxDailyGB: MAIN_ACCOUNT_MAX_DAILY_GB,
          reservedDailyGB: null,
          isFlexible: false,
          searchable: true,
          accessible: true,
          docSizeSetting: false,
          active: true,
          createdAt: now,
          updatedAt: now,
          // The admin user made the account, as far as `subAccountRelation.lastUpdaterUserId` can tell.
          lastUpdaterUserId: userId,
        };
        await accountRepository.insert(tx, account);
        await userRepository.insertUser(tx, {
          id: userId,
          username: input.adminEmail,
          fullName: 'Administrator',
          holderAccountId: account.id,
          now,
        });
        await userRepository.addMembership(tx, {
          accountId: account.id,
          userId,
          role: 'USER_ROLE_ACCOUNT_ADMIN',
          fullName: 'Administrator',
          now,
        });
        const apiToken = await tokens.createApiToken({
          accountId: account.id,
          name: 'bootstrap',
          createdBy: input.adminEmail,
          token: input.apiToken,
          tx,
        });
        const shippingToken = await tokens.createShippingToken({
          accountId: account.id,
          name: 'bootstrap',
          createdBy: input.adminEmail,
          token: input.shippingToken,
          tx,
        });
        return { created: true, account, apiToken: apiToken.token, shippingToken: shippingToken.token } as const;
      });
    },

    whoami(principal: Principal): { accountName: string; accountId: number } {
      return { accountName: principal.accountName, accountId: principal.accountId };
    },

    getAccount(id: number): Promise<Account | undefined> {
      return accountRepository.get(db, id);
    },

    listAllAccounts(): Promise<Account[]> {
      return accountRepository.listAll(db);
    },
  };
}
