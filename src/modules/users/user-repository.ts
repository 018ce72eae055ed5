import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { AccountUser, UserRole } from './user.js';

export interface UserIdentity {
  readonly id: number;
  readonly username: string;
  readonly fullName: string;
}

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
    .select(['users.id', 'users.username', 'users.full_name', 'account_users.account_id', 'account_users.role', 'account_users.suspended']);
}

/** Users (one row per person) and their memberships (one row per account, with role and suspension). */
export const userRepository = {
  async insertUser(db: ControlPlaneDb, user: { id: number; username: string; fullName: string; now: number }): Promise<void> {
    await db
      .insertInto('users')
      .values({ id: user.id, username: user.username, full_name: user.fullName, created_at: user.now, updated_at: user.now })
      .execute();
  },

  async updateFullName(db: ControlPlaneDb, id: number, fullName: string, now: number): Promise<void> {
    await db.updateTable('users').set({ full_name: fullName, updated_at: now }).where('id', '=', id).execute();
  },

  async findByUsername(db: ControlPlaneDb, username: string): Promise<UserIdentity | undefined> {
    const row = await db.selectFrom('users').select(['id', 'username', 'full_name']).where('username', '=', username).executeTakeFirst();
    return row === undefined ? undefined : { id: row.id, username: row.username, fullName: row.full_name };
  },

  async getUser(db: ControlPlaneDb, id: number): Promise<UserIdentity | undefined> {
    const row = await db.selectFrom('users').select(['id', 'username', 'full_name']).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : { id: row.id, username: row.username, fullName: row.full_name };
  },

  async addMembership(db: ControlPlaneDb, membership: { accountId: number; userId: number; role: UserRole; now: number }): Promise<void> {
    await db
      .insertInto('account_users')
      .values({
        account_id: membership.accountId,
        user_id: membership.userId,
        role: membership.role,
        suspended: 0,
        created_at: membership.now,
      })
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
