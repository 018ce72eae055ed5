import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { Person } from './user-policy.js';
import type { AccountUser, UserRole } from './user.js';

interface MembershipRow {
  id: number;
  username: string;
  full_name: string;
  account_id: number;
  role: string;
  suspended: number;
}

function fromRow(row: MembershipRow): AccountUser {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    accountId: row.account_id,
    role: row.role as UserRole,
    active: row.suspended === 0,
  };
}

function memberships(db: ControlPlaneDb) {
  return db
    .selectFrom('account_users')
    .innerJoin('users', 'users.id', 'account_users.user_id')
    .select([
      'users.id',
      'users.username',
      'account_users.full_name',
      'account_users.account_id',
      'account_users.role',
      'account_users.suspended',
    ]);
}

/** People with the account that holds them and that account's main account. */
function people(db: ControlPlaneDb) {
  return db
    .selectFrom('users')
    .leftJoin('accounts as holder', 'holder.id', 'users.holder_account_id')
    .select(['users.id', 'users.username', 'users.holder_account_id', 'holder.owner_account_id', 'holder.id as holder_id']);
}

function personOf(row: {
  id: number;
  username: string;
  holder_account_id: number | null;
  owner_account_id: number | null;
  holder_id: number | null;
}): Person {
  return {
    id: row.id,
    username: row.username,
    holderAccountId: row.holder_account_id,
    holderMainAccountId: row.holder_id === null ? null : (row.owner_account_id ?? row.holder_id),
  };
}

/**
 * People (one row per person, held by the account that created it) and their memberships (one row per account,
 * with role, full name and suspension). Decision 0600.
 */
export const userRepository = {
  async insertUser(
    db: ControlPlaneDb,
    user: { id: number; username: string; fullName: string; holderAccountId: number; now: number },
  ): Promise<void> {
    await db
      .insertInto('users')
      .values({
        id: user.id,
        username: user.username,
        full_name: user.fullName,
        holder_account_id: user.holderAccountId,
        created_at: user.now,
        updated_at: user.now,
      })
      .execute();
  },

  /** Every person using one of these e-mails, oldest first (several accounts may each hold one). */
  async findPeopleByUsername(db: ControlPlaneDb, usernames: readonly string[]): Promise<Person[]> {
    if (usernames.length === 0) return [];
    const rows = await people(db)
      .where('users.username', 'in', [...new Set(usernames)])
      .orderBy('users.created_at')
      .orderBy('users.id')
      .execute();
    return rows.map(personOf);
  },

  async getPerson(db: ControlPlaneDb, id: number): Promise<Person | undefined> {
    const row = await people(db).where('users.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : personOf(row);
  },

  /** The member of the account who signs in with this e-mail (an account has at most one). */
  async findMemberByUsername(db: ControlPlaneDb, accountId: number, username: string): Promise<AccountUser | undefined> {
    const row = await memberships(db)
      .where('account_users.account_id', '=', accountId)
      .where('users.username', '=', username)
      .executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async addMembership(
    db: ControlPlaneDb,
    membership: { accountId: number; userId: number; role: UserRole; fullName: string; now: number },
  ): Promise<void> {
    await db
      .insertInto('account_users')
      .values({
        account_id: membership.accountId,
        user_id: membership.userId,
        role: membership.role,
        full_name: membership.fullName,
        suspended: 0,
        created_at: membership.now,
      })
      .execute();
  },

  async setFullName(db: ControlPlaneDb, accountId: number, userId: number, fullName: string): Promise<void> {
    await db
      .updateTable('account_users')
      .set({ full_name: fullName })
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .execute();
  },

  async getMembership(db: ControlPlaneDb, accountId: number, userId: number): Promise<AccountUser | undefined> {
    const row = await memberships(db).where('account_users.account_id', '=', accountId).where('users.id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async setRole(db: ControlPlaneDb, accountId: number, userId: number, role: UserRole): Promise<void> {
    await db.updateTable('account_users').set({ role }).where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  },

  async setSuspended(db: ControlPlaneDb, accountId: number, userId: number, suspended: boolean): Promise<void> {
    await db
      .updateTable('account_users')
      .set({ suspended: suspended ? 1 : 0 })
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .execute();
  },

  async deleteMembership(db: ControlPlaneDb, accountId: number, userId: number): Promise<void> {
    await db.deleteFrom('account_users').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  },

  /** Removes users left without any membership (after a membership or an account is deleted). */
  async deleteOrphans(db: ControlPlaneDb): Promise<void> {
    await db
      .deleteFrom('users')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('account_users').select('account_users.user_id').whereRef('account_users.user_id', '=', 'users.id'))),
      )
      .execute();
  },

  /** Members of the account other than `userId` who are not suspended. */
  async countOtherActiveMembers(db: ControlPlaneDb, accountId: number, userId: number): Promise<number> {
    const row = await db
      .selectFrom('account_users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .where('user_id', '<>', userId)
      .where('suspended', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async listByAccount(db: ControlPlaneDb, accountId: number): Promise<AccountUser[]> {
    const rows = await memberships(db)
      .where('account_users.account_id', '=', accountId)
      .orderBy('account_users.created_at')
      .orderBy('users.id')
      .execute();
    return rows.map(fromRow);
  },

  /** Memberships of the user in these accounts, in the order of `accountIds`. */
  async membershipsOfUser(db: ControlPlaneDb, userId: number, accountIds: readonly number[]): Promise<AccountUser[]> {
    if (accountIds.length === 0) return [];
    const rows = await memberships(db)
      .where('users.id', '=', userId)
      .where('account_users.account_id', 'in', [...accountIds])
      .execute();
    const found = rows.map(fromRow);
    return accountIds.flatMap((accountId) => found.filter((m) => m.accountId === accountId));
  },
};
