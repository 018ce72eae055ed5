import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { UserRole } from '../users/index.js';
import type { AuthenticationGroup } from './auth-group.js';

export const authGroupRepository = {
  async list(db: ControlPlaneDb, accountId: number): Promise<AuthenticationGroup[]> {
    const rows = await db
      .selectFrom('authentication_groups')
      .select(['group_name', 'user_role'])
      .where('account_id', '=', accountId)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ group: row.group_name, userRole: row.user_role as UserRole }));
  },

  /** Makes the stored set exactly `groups`, in their order. */
  async replace(db: ControlPlaneDb, accountId: number, groups: readonly AuthenticationGroup[]): Promise<void> {
    await db.deleteFrom('authentication_groups').where('account_id', '=', accountId).execute();
    if (groups.length === 0) return;
    await db
      .insertInto('authentication_groups')
      .values(groups.map((g, position) => ({ account_id: accountId, group_name: g.group, user_role: g.userRole, position })))
      .execute();
  },
};
