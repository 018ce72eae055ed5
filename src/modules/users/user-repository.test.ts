import { repositoryContract } from '../../storage/conformance/repository.contract.js';
import { userRepository } from './user-repository.js';
import type { AccountUser } from './user.js';

// A user is one row per person and one membership per account; the contract runs on memberships.
repositoryContract<AccountUser, number>({
  name: 'user memberships',
  make: (accountId, n) => ({
    id: 740_000 + n,
    username: `user${n}@example.com`,
    fullName: `User ${n}`,
    accountId,
    role: 'USER_ROLE_READONLY',
    active: true,
  }),
  idOf: (user) => user.id,
  insert: async (db, user) => {
    await userRepository.insertUser(db, {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      holderAccountId: user.accountId,
      now: 1_000,
    });
    await userRepository.addMembership(db, {
      accountId: user.accountId,
      userId: user.id,
      role: user.role,
      fullName: user.fullName,
      now: 1_000,
    });
  },
  get: userRepository.getMembership,
  getIsScoped: true,
  list: userRepository.listByAccount,
  update: {
    changed: (user) => ({ ...user, role: 'USER_ROLE_ACCOUNT_ADMIN', active: false }),
    apply: async (db, user) => {
      await userRepository.setRole(db, user.accountId, user.id, user.role);
      await userRepository.setSuspended(db, user.accountId, user.id, !user.active);
    },
  },
  delete: async (db, accountId, id) => {
    const existed = (await userRepository.getMembership(db, accountId, id)) !== undefined;
    await userRepository.deleteMembership(db, accountId, id);
    return existed;
  },
  duplicateOf: (user, n) => ({ ...user, id: 740_000 + n }),
});
