import type { AccountScope } from '../../shared/account-scope.js';
import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import { mainAccountIdOf, type Principal } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { DEFAULT_USER_ROLE, isAdminRole, type AccountUser, type UserRole } from './user.js';
import { userErrors } from './user-errors.js';
import { userPolicy } from './user-policy.js';
import { userRepository } from './user-repository.js';

export interface UserServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly scope: AccountScope;
  /**
   * Ends the person's web sessions in one account, inside the transaction that suspends or removes the
   * membership (the sessions module owns sessions; the wiring passes its function).
   */
  readonly endSessions: (tx: ControlPlaneDb, accountId: number, userId: number) => Promise<void>;
}

export interface UpsertUserInput {
  readonly username: string;
  readonly fullName: string;
  readonly accountID: number;
  readonly role?: UserRole | undefined;
}

export type UserService = ReturnType<typeof createUserService>;

/** Where to look for a user, resolved before any transaction (SQLite has one connection). */
interface Lookup {
  readonly target: number;
  /** Accounts searched, in order, when the user is not in `target`. */
  readonly fallback: readonly number[];
}

type AdminChange = Parameters<typeof userErrors.lastAdmin>[0];

type RecursiveAction = 'suspending' | 'unsuspending' | 'deleting';

/** Users and their memberships, as the Logz.io user-management API exposes them (SPEC.md "Users"). */
export function createUserService(deps: UserServiceDeps) {
  const { db, clock, scope, endSessions } = deps;

  /** Applies what a suspension or removal does to the membership's sessions (user-policy.ts). */
  async function afterMembershipChange(tx: ControlPlaneDb, change: 'suspend' | 'remove', accountId: number, userId: number) {
    if (userPolicy.sessionsAfter(change) === 'end') await endSessions(tx, accountId, userId);
  }

  /**
   * The membership a request acts on: in the named account, else in the caller's own account, else
   * (main-account token) in the first account of its tree that has the user — so a main token can
   * manage users it created in sub accounts without naming the account, as the Terraform client does.
   */
  async function lookup(principal: Principal, accountId: number | undefined): Promise<Lookup> {
    const target = await scope.target(principal, accountId);
    const fallback = accountId === undefined && principal.ownerAccountId === null ? await scope.tree(principal) : [];
    return { target, fallback };
  }

  async function findMembership(tx: ControlPlaneDb, userId: number, where: Lookup): Promise<AccountUser> {
    const own = await userRepository.getMembership(tx, where.target, userId);
    if (own !== undefined) return own;
    const [first] = await userRepository.membershipsOfUser(tx, userId, where.fallback);
    if (first === undefined) throw userErrors.notFound(userId);
    return first;
  }

  /** Refuses a change that would leave the main account without an active admin. */
  /**
   * True when the membership is the only active admin of the main account (whose admins create sub
   * accounts). A caller only reaches accounts of its own tree, whose main account its principal names.
   */
  async function isLastAdmin(tx: ControlPlaneDb, principal: Principal, membership: AccountUser): Promise<boolean> {
    if (!membership.active || !isAdminRole(membership.role) || membership.accountId !== mainAccountIdOf(principal)) return false;
    const members = await userRepository.listByAccount(tx, membership.accountId);
    return !members.some((other) => other.id !== membership.id && other.active && isAdminRole(other.role));
  }

  /** Refuses a change that would leave the main account without an active admin. */
  async function keepAnAdmin(tx: ControlPlaneDb, principal: Principal, membership: AccountUser, change: AdminChange): Promise<void> {
    if (await isLastAdmin(tx, principal, membership)) throw userErrors.lastAdmin(change);
  }

  async function recursive(principal: Principal, userId: number, action: RecursiveAction): Promise<{ message: string }> {
    const tree = await scope.tree(principal);
    return db.transaction().execute(async (tx) => {
      const found = await userRepository.membershipsOfUser(tx, userId, tree);
      if (found.length === 0) throw userErrors.notFound(userId);
      const skipped: number[] = [];
      for (const membership of found) {
        // SPEC.md state table: the recursive forms never lock an account out by removing its last user.
        if (action !== 'unsuspending' && (await userRepository.countOtherActiveMembers(tx, membership.accountId, userId)) === 0) {
          skipped.push(membership.accountId);
        } else if (action !== 'unsuspending' && (await isLastAdmin(tx, principal, membership))) {
          skipped.push(membership.accountId);
        } else if (action === 'deleting') {
          await userRepository.deleteMembership(tx, membership.accountId, userId);
          await afterMembershipChange(tx, 'remove', membership.accountId, userId);
        } else {
          await userRepository.setSuspended(tx, membership.accountId, userId, action === 'suspending');
          if (action === 'suspending') await afterMembershipChange(tx, 'suspend', membership.accountId, userId);
        }
      }
      await userRepository.deleteOrphans(tx);
      const skippedText = skipped.length === 0 ? '' : `Skipped accounts where user ${userId} is the last user: ${skipped.join(', ')}. `;
      return { message: `${skippedText}Finished ${action} user ${userId} from accounts.` };
    });
  }

  async function setSuspended(principal: Principal, userId: number, accountId: number | undefined, suspended: boolean): Promise<void> {
    const where = await lookup(principal, accountId);
    await db.transaction().execute(async (tx) => {
      const membership = await findMembership(tx, userId, where);
      if (suspended) await keepAnAdmin(tx, principal, membership, 'suspend');
      await userRepository.setSuspended(tx, membership.accountId, userId, suspended);
      if (suspended) await afterMembershipChange(tx, 'suspend', membership.accountId, userId);
    });
  }

  return {
    async list(principal: Principal, accountId: number | undefined): Promise<AccountUser[]> {
      return userRepository.listByAccount(db, await scope.target(principal, accountId));
    },

    /** Main account and every sub account; a user in several accounts appears once per account. */
    async listRecursive(principal: Principal): Promise<AccountUser[]> {
      const lists = await Promise.all((await scope.tree(principal)).map((id) => userRepository.listByAccount(db, id)));
      return lists.flat();
    },

    async get(principal: Principal, userId: number, accountId: number | undefined): Promise<AccountUser> {
      return findMembership(db, userId, await lookup(principal, accountId));
    },

    /**
     * Adds a membership of the account for the e-mail. It joins a person the caller may attach (user-policy.ts:
     * one its own account holds, or for a main caller one the target sub account holds); any other person with
     * that e-mail stays invisible and a new person is created, so the answer cannot tell the two apart.
     */
    async create(principal: Principal, input: UpsertUserInput): Promise<{ id: number }> {
      const accountId = await scope.target(principal, input.accountID);
      return db.transaction().execute(async (tx) => {
        const now = clock.now();
        // The account's own members are in its list already: naming the duplicate tells the caller nothing new.
        if ((await userRepository.findMemberByUsername(tx, accountId, input.username)) !== undefined) {
          throw userErrors.alreadyExists(input.username);
        }
        const people = await userRepository.findPeopleByUsername(tx, [input.username]);
        const joined = userPolicy.personToJoin(principal, accountId, people);
        const id = joined?.id ?? newInt32Id();
        if (joined === undefined) {
          const holderAccountId = userPolicy.holderOfNewPerson(principal);
          await userRepository.insertUser(tx, { id, username: input.username, fullName: input.fullName, holderAccountId, now });
        }
        await userRepository.addMembership(tx, {
          accountId,
          userId: id,
          role: input.role ?? DEFAULT_USER_ROLE,
          fullName: input.fullName,
          now,
        });
        return { id };
      });
    },

    /**
     * Changes the full name and the role of the membership in `accountID` (other accounts keep theirs); the
     * username is fixed once created. A lower role applies to running sessions at once (user-policy.ts).
     */
    async update(principal: Principal, userId: number, input: UpsertUserInput): Promise<{ id: number }> {
      const accountId = await scope.target(principal, input.accountID);
      return db.transaction().execute(async (tx) => {
        const membership = await userRepository.getMembership(tx, accountId, userId);
        if (membership === undefined) throw userErrors.notFound(userId);
        if (membership.username !== input.username) throw userErrors.usernameImmutable();
        const role = input.role ?? membership.role;
        if (!isAdminRole(role)) await keepAnAdmin(tx, principal, membership, 'demote');
        await userRepository.setFullName(tx, accountId, userId, input.fullName);
        await userRepository.setRole(tx, accountId, userId, role);
        return { id: userId };
      });
    },

    /** Removes the user from the account the token (or `accountId`) determines. */
    async remove(principal: Principal, userId: number, accountId: number | undefined): Promise<void> {
      const where = await lookup(principal, accountId);
      await db.transaction().execute(async (tx) => {
        const membership = await findMembership(tx, userId, where);
        await keepAnAdmin(tx, principal, membership, 'delete');
        await userRepository.deleteMembership(tx, membership.accountId, userId);
        await afterMembershipChange(tx, 'remove', membership.accountId, userId);
        await userRepository.deleteOrphans(tx);
      });
    },

    removeRecursive: (principal: Principal, userId: number) => recursive(principal, userId, 'deleting'),
    suspend: (principal: Principal, userId: number, accountId: number | undefined) => setSuspended(principal, userId, accountId, true),
    unsuspend: (principal: Principal, userId: number, accountId: number | undefined) => setSuspended(principal, userId, accountId, false),
    suspendRecursive: (principal: Principal, userId: number) => recursive(principal, userId, 'suspending'),
    unsuspendRecursive: (principal: Principal, userId: number) => recursive(principal, userId, 'unsuspending'),
  };
}
