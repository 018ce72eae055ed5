import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { Principal } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { TokenService } from '../tokens/index.js';
import { isAdminRole, userRepository } from '../users/index.js';
import { DEFAULT_EXTRA_SETTINGS, type Account } from './account.js';
import { accountErrors } from './account-errors.js';
import { accountRepository } from './account-repository.js';
import { settingsWithDefaults, type SubAccountSettingsInput } from './sub-account-settings.js';

export interface DailyUsage {
  /** Start of the UTC day, epoch ms. */
  readonly date: number;
  readonly bytes: number;
}

export interface SubAccountDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly tokens: TokenService;
  /** Bytes received per UTC day for an account (the ingest work records them). */
  readonly dailyUsage: (accountId: number) => Promise<readonly DailyUsage[]>;
  /** Run after an account deletion has committed, e.g. to delete the account's logs. */
  readonly onAccountDeleted: readonly ((accountId: number) => Promise<void>)[];
}

export interface CreateSubAccountInput extends SubAccountSettingsInput {
  readonly email: string;
  readonly retentionDays: number;
}

/** An account with the accounts it shares its objects with, resolved in the order they were given. */
export interface AccountWithSharing {
  readonly account: Account;
  readonly sharing: readonly Account[];
}

export interface DetailedAccount extends AccountWithSharing {
  readonly mainAccountId: number;
  readonly shippingToken: string | null;
  readonly sharingTokens: ReadonlyMap<number, string | null>;
  readonly dailyUsage: readonly DailyUsage[];
}

const TIME_BASED_TYPES = new Set(['OWNER_ACCOUNT', 'SUB_ACCOUNT']);

function requireMain(principal: Principal): number {
  if (principal.ownerAccountId !== null) throw accountErrors.mainAccountTokenRequired();
  return principal.accountId;
}

/** Sub-account management (SPEC.md "Sub accounts"): every operation needs a main-account token. */
export function subAccountOperations(deps: SubAccountDeps) {
  const { db, clock, tokens } = deps;

  async function timeBasedTree(tx: ControlPlaneDb, mainId: number): Promise<Account[]> {
    return (await accountRepository.listTree(tx, mainId)).filter((a) => TIME_BASED_TYPES.has(a.type));
  }

  async function withSharing(tx: ControlPlaneDb, mainId: number, accounts: readonly Account[]): Promise<AccountWithSharing[]> {
    const byId = new Map((await timeBasedTree(tx, mainId)).map((a) => [a.id, a]));
    return accounts.map((account) => ({
      account,
      sharing: account.sharingObjectsAccounts.flatMap((id) => byId.get(id) ?? []),
    }));
  }

  async function getInTree(tx: ControlPlaneDb, mainId: number, id: number): Promise<Account> {
    const account = await accountRepository.get(tx, id);
    if (account === undefined || !TIME_BASED_TYPES.has(account.type) || (account.id !== mainId && account.ownerAccountId !== mainId)) {
      throw accountErrors.notFound(id);
    }
    return account;
  }

  async function checkSharing(tx: ControlPlaneDb, mainId: number, ids: readonly number[], selfId: number): Promise<void> {
    const tree = new Set((await timeBasedTree(tx, mainId)).map((a) => a.id));
    const unknown = ids.find((id) => !tree.has(id) || id === selfId);
    if (unknown !== undefined) {
      throw accountErrors.unknownSharingAccount(unknown);
    }
  }

  /** The user id behind the caller's token, for `lastUpdaterUserId`. */
  async function actingUserId(principal: Principal): Promise<number | null> {
    const email = await tokens.creatorOf(principal);
    const user = email === null ? undefined : await userRepository.findMemberByUsername(db, principal.accountId, email);
    return user?.id ?? null;
  }

  async function detail(mainId: number, entry: AccountWithSharing): Promise<DetailedAccount> {
    const firstToken = async (id: number) => (await tokens.listShippingTokens(id))[0]?.token ?? null;
    const sharingTokens = new Map<number, string | null>();
    for (const shared of entry.sharing) sharingTokens.set(shared.id, await firstToken(shared.id));
    return {
      ...entry,
      mainAccountId: mainId,
      shippingToken: await firstToken(entry.account.id),
      sharingTokens,
      dailyUsage: await deps.dailyUsage(entry.account.id),
    };
  }

  return {
    /** The main account and all its sub accounts (SPEC.md lists both). */
    async listSubAccounts(principal: Principal): Promise<AccountWithSharing[]> {
      const mainId = requireMain(principal);
      return withSharing(db, mainId, await timeBasedTree(db, mainId));
    },

    async getSubAccount(principal: Principal, id: number): Promise<AccountWithSharing> {
      const mainId = requireMain(principal);
      const [entry] = await withSharing(db, mainId, [await getInTree(db, mainId, id)]);
      if (entry === undefined) throw accountErrors.notFound(id);
      return entry;
    },

    /** Creates the account and its first log shipping token, and nothing else, in one transaction. */
    async createSubAccount(principal: Principal, input: CreateSubAccountInput): Promise<{ accountId: number; accountToken: string }> {
      const mainId = requireMain(principal);
      const settings = settingsWithDefaults(input);
      const updaterId = await actingUserId(principal);
      return db.transaction().execute(async (tx) => {
        const main = await getInTree(tx, mainId, mainId);
        const membership = await userRepository.findMemberByUsername(tx, mainId, input.email);
        if (membership === undefined || !membership.active || !isAdminRole(membership.role)) {
          throw accountErrors.emailNotAnAdmin();
        }
        const id = newInt32Id();
        await checkSharing(tx, mainId, settings.sharingObjectsAccounts, id);
        const now = clock.now();
        const account: Account = {
          ...DEFAULT_EXTRA_SETTINGS,
          ...settings,
          id,
          region: main.region,
          ownerAccountId: mainId,
          type: 'SUB_ACCOUNT',
          email: input.email,
          retentionDays: input.retentionDays,
          active: true,
          createdAt: now,
          updatedAt: now,
          lastUpdaterUserId: updaterId,
        };
        await accountRepository.insert(tx, account);
        const token = await tokens.createShippingToken({ accountId: id, name: 'default', createdBy: input.email, tx });
        return { accountId: id, accountToken: token.token };
      });
    },

    /**
     * A restored account (archive restores, decision 0702): a searchable sub account of the main account, with no
     * users, tokens or shipping token of its own; nothing ships into it but the restore. It is deleted through
     * `deleteSubAccount` like any other, which deletes its logs.
     */
    async createRestoredAccount(input: {
      readonly mainAccountId: number;
      readonly name: string;
      readonly retentionDays: number;
      readonly maxDailyGB: number;
    }): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const main = await getInTree(tx, input.mainAccountId, input.mainAccountId);
        const id = newInt32Id();
        const now = clock.now();
        await accountRepository.insert(tx, {
          ...DEFAULT_EXTRA_SETTINGS,
          id,
          name: input.name,
          region: main.region,
          ownerAccountId: main.id,
          type: 'SUB_ACCOUNT',
          email: null,
          retentionDays: input.retentionDays,
          maxDailyGB: input.maxDailyGB,
          reservedDailyGB: null,
          isFlexible: false,
          searchable: true,
          accessible: false,
          docSizeSetting: false,
          active: true,
          createdAt: now,
          updatedAt: now,
          lastUpdaterUserId: null,
        });
        return id;
      });
    },

    /**
     * Replaces every setting (omitted ones reset to their defaults) but never the retention, which the
     * plan sets. A non-flexible main account keeps its volumes: they are the plan's, not the API's.
     */
    async updateSubAccount(principal: Principal, id: number, input: SubAccountSettingsInput): Promise<void> {
      const mainId = requireMain(principal);
      const settings = settingsWithDefaults(input);
      const updaterId = await actingUserId(principal);
      await db.transaction().execute(async (tx) => {
        const current = await getInTree(tx, mainId, id);
        await checkSharing(tx, mainId, settings.sharingObjectsAccounts, id);
        const keepVolumes = current.id === mainId && !settings.isFlexible;
        await accountRepository.update(tx, {
          ...current,
          ...settings,
          ...(keepVolumes ? { maxDailyGB: current.maxDailyGB, reservedDailyGB: current.reservedDailyGB } : {}),
          updatedAt: clock.now(),
          lastUpdaterUserId: updaterId,
        });
      });
    },

    /** Deletes a sub account with its users' memberships and tokens; then runs `onAccountDeleted`. */
    async deleteSubAccount(principal: Principal, id: number): Promise<void> {
      const mainId = requireMain(principal);
      if (id === mainId) throw accountErrors.mainAccountUndeletable();
      await db.transaction().execute(async (tx) => {
        await getInTree(tx, mainId, id);
        for (const other of await timeBasedTree(tx, mainId)) {
          if (other.sharingObjectsAccounts.includes(id)) {
            await accountRepository.update(tx, { ...other, sharingObjectsAccounts: other.sharingObjectsAccounts.filter((s) => s !== id) });
          }
        }
        await accountRepository.delete(tx, id);
        await userRepository.deleteOrphans(tx);
      });
      for (const callback of deps.onAccountDeleted) await callback(id);
    },

    async listDetailed(principal: Principal): Promise<DetailedAccount[]> {
      const mainId = requireMain(principal);
      const entries = await withSharing(db, mainId, await timeBasedTree(db, mainId));
      return Promise.all(entries.map((entry) => detail(mainId, entry)));
    },

    async getDetailed(principal: Principal, id: number): Promise<DetailedAccount> {
      const mainId = requireMain(principal);
      const [entry] = await withSharing(db, mainId, [await getInTree(db, mainId, id)]);
      if (entry === undefined) throw accountErrors.notFound(id);
      return detail(mainId, entry);
    },

    /** Which accounts a caller may act on (see AccountScope). */
    scope: {
      async target(principal: Principal, requested: number | undefined): Promise<number> {
        if (requested === undefined || requested === principal.accountId) return principal.accountId;
        if (principal.ownerAccountId === null && (await accountRepository.get(db, requested))?.ownerAccountId === principal.accountId)
          return requested;
        throw accountErrors.notAnAccountOfTheTree(requested);
      },
      async tree(principal: Principal): Promise<readonly number[]> {
        return (await accountRepository.listTree(db, requireMain(principal))).map((a) => a.id);
      },
    },
  };
}
