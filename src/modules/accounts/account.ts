/** Account types as Logz.io names them in `subAccountRelation.type` and associated-accounts lists. */
export type AccountType = 'OWNER_ACCOUNT' | 'SUB_ACCOUNT' | 'SECURITY_ACCOUNT';

export interface UtilizationSettings {
  readonly frequencyMinutes: number | null;
  readonly utilizationEnabled: boolean;
}

/** Settings kept in the JSON `settings` column: read rarely, never filtered on. */
export interface AccountExtraSettings {
  readonly sharingObjectsAccounts: readonly number[];
  readonly utilizationSettings: UtilizationSettings;
  readonly softLimitGB: number | null;
  readonly snapSearchRetentionDays: number | null;
}

export interface Account extends AccountExtraSettings {
  readonly id: number;
  readonly name: string;
  readonly region: string;
  readonly ownerAccountId: number | null;
  readonly type: AccountType;
  readonly email: string | null;
  readonly retentionDays: number;
  readonly maxDailyGB: number;
  readonly reservedDailyGB: number | null;
  readonly isFlexible: boolean;
  readonly searchable: boolean;
  readonly accessible: boolean;
  readonly docSizeSetting: boolean;
  readonly active: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly lastUpdaterUserId: number | null;
}

/** Logz.io leaves the default to the service; its own examples use 5. */
export const DEFAULT_UTILIZATION_FREQUENCY_MINUTES = 5;

export const DEFAULT_EXTRA_SETTINGS: AccountExtraSettings = {
  sharingObjectsAccounts: [],
  utilizationSettings: { frequencyMinutes: DEFAULT_UTILIZATION_FREQUENCY_MINUTES, utilizationEnabled: false },
  softLimitGB: null,
  snapSearchRetentionDays: null,
};
