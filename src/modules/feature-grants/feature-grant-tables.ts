/** The feature-grants module's control-plane tables; the migration is 1300 of the shared-tokens range (decision 0550). */

/** A feature the operator turned on for one account (Logz.io's "granted by the support team"). */
export interface AccountFeatureGrantsTable {
  account_id: number;
  /** A `GrantableFeature`. */
  feature: string;
  granted_at: number;
}

export interface FeatureGrantTables {
  account_feature_grants: AccountFeatureGrantsTable;
}
