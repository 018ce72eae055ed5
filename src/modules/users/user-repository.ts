import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { AccountUser, UserRole } from './user.js';

export const userRepository = {
  async insertUser(db: ControlPlaneDb, user: { id: number; username: string; fullName: string; now: number }): Promise<void> {
    await db
      .insertInto('users')
      .values({ id: user.id, username: user.username, full_name: user.fullName, created_at: user.now, updated_at: user.now })
      .execute();
  },

  async addMembership(db: ControlPlaneDb, membership: { accountId: number; userId: number; role: UserRole; now: number }): Promise<void> {
    await db
      .insertInto('account_users')
      .values({ account_id: membership.accountId, user_id: membership.userId, role: membership.role, suspended: 0, created_at: membership.now })
      .execute();
  },

  async listByAccount(db: ControlPlaneDb, accountId: number): Promise<AccountUser[]> {
    const rows = await db
      .selectFrom('account_users')
      .innerJoin('users', 'users.id', 'account_users.user_id')
      .select(['users.id', 'users.username', 'users.full_name', 'account_users.account_id', 'account_users.role', 'account_users.suspended'])
      .where('account_users.account_id', '=', accountId)
      .orderBy('account_users.created_at')
      .orderBy('users.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      fullName: row.full_name,
      accountId: row.account_id,
      role: row.role as UserRole,
      active: row.suspended === 0,
    }));
  },
};
