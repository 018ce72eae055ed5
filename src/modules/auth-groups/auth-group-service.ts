import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { Principal } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { AuthenticationGroup } from './auth-group.js';
import { authGroupErrors } from './auth-group-errors.js';
import { authGroupRepository } from './auth-group-repository.js';
import { sessionRevocationRepository } from './session-revocation-repository.js';

export interface AuthGroupServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

export type AuthGroupService = ReturnType<typeof createAuthGroupService>;

/** Authentication groups of the token's account (SPEC.md "Authentication groups", reference §2.4). */
export function createAuthGroupService(deps: AuthGroupServiceDeps) {
  const { db, clock } = deps;

  return {
    list(principal: Principal): Promise<AuthenticationGroup[]> {
      return authGroupRepository.list(db, principal.accountId);
    },

    /**
     * Replaces the whole set (groups left out are deleted) and, in the same transaction, ends every
     * running user session of the account, as SPEC.md's state table says any update does.
     */
    async replace(principal: Principal, groups: readonly AuthenticationGroup[]): Promise<AuthenticationGroup[]> {
      const seen = new Set<string>();
      groups.forEach((g, index) => {
        if (seen.has(g.group)) throw authGroupErrors.duplicateGroup(index, g.group);
        seen.add(g.group);
      });
      return db.transaction().execute(async (tx) => {
        await authGroupRepository.replace(tx, principal.accountId, groups);
        await sessionRevocationRepository.insert(tx, {
          id: newInt32Id(),
          accountId: principal.accountId,
          reason: 'authentication groups updated',
          revokedAt: clock.now(),
        });
        return authGroupRepository.list(tx, principal.accountId);
      });
    },

    /** Whether a user session of the account started at `startedAt` (epoch ms) is still valid. */
    async isSessionValid(accountId: number, startedAt: number): Promise<boolean> {
      const revokedAt = await sessionRevocationRepository.latest(db, accountId);
      return revokedAt === null || startedAt > revokedAt;
    },
  };
}
