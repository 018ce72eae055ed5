import type { Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

/** The API features an operator grants per account (`logward accounts grant <accountId> <feature>`). */
export const GRANTABLE_FEATURES = ['insights', 'shared-tokens'] as const;
export type GrantableFeature = (typeof GRANTABLE_FEATURES)[number];

export function isGrantableFeature(value: string): value is GrantableFeature {
  return (GRANTABLE_FEATURES as readonly string[]).includes(value);
}

export interface FeatureGrantServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

export type FeatureGrantService = ReturnType<typeof createFeatureGrantService>;

/**
 * Grants live in the control-plane store and are read on every request that needs one (one primary-key lookup), so
 * the CLI's grant or revoke takes effect on the running server's next request with no cache to invalidate.
 */
export function createFeatureGrantService(deps: FeatureGrantServiceDeps) {
  const { db, clock } = deps;
  return {
    /** True when the grant is new. */
    async grant(accountId: number, feature: GrantableFeature): Promise<boolean> {
      const result = await db
        .insertInto('account_feature_grants')
        .values({ account_id: accountId, feature, granted_at: clock.now() })
        .onConflict((oc) => oc.columns(['account_id', 'feature']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** True when there was a grant to take back. */
    async revoke(accountId: number, feature: GrantableFeature): Promise<boolean> {
      const result = await db
        .deleteFrom('account_feature_grants')
        .where('account_id', '=', accountId)
        .where('feature', '=', feature)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async has(accountId: number, feature: GrantableFeature): Promise<boolean> {
      const row = await db
        .selectFrom('account_feature_grants')
        .select('account_id')
        .where('account_id', '=', accountId)
        .where('feature', '=', feature)
        .executeTakeFirst();
      return row !== undefined;
    },

    async featuresOf(accountId: number): Promise<GrantableFeature[]> {
      const rows = await db
        .selectFrom('account_feature_grants')
        .select('feature')
        .where('account_id', '=', accountId)
        .orderBy('feature')
        .execute();
      return rows.map((row) => row.feature).filter(isGrantableFeature);
    },

    /** Accounts holding a feature (the insights job learns only theirs). */
    async accountsWith(feature: GrantableFeature): Promise<number[]> {
      const rows = await db
        .selectFrom('account_feature_grants')
        .select('account_id')
        .where('feature', '=', feature)
        .orderBy('account_id')
        .execute();
      return rows.map((row) => row.account_id);
    },
  };
}
