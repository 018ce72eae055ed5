import { accountErrors } from './account-errors.js';
import { DEFAULT_UTILIZATION_FREQUENCY_MINUTES, type Account, type UtilizationSettings } from './account.js';

/** What create and update of a sub account carry besides e-mail and retention (SPEC.md "Sub account"). */
export interface SubAccountSettingsInput {
  readonly accountName: string;
  readonly sharingObjectsAccounts: readonly number[];
  readonly isFlexible?: boolean | undefined;
  readonly reservedDailyGB?: number | null | undefined;
  readonly maxDailyGB?: number | undefined;
  readonly searchable?: boolean | undefined;
  readonly accessible?: boolean | undefined;
  readonly docSizeSetting?: boolean | undefined;
  readonly utilizationSettings?:
    { readonly frequencyMinutes?: number | null | undefined; readonly utilizationEnabled?: boolean | undefined } | undefined;
  readonly softLimitGB?: number | null | undefined;
  readonly snapSearchRetentionDays?: number | null | undefined;
  readonly snapsearchRetentionDays?: number | null | undefined;
}

export type SubAccountSettings = Pick<
  Account,
  | 'name'
  | 'sharingObjectsAccounts'
  | 'isFlexible'
  | 'reservedDailyGB'
  | 'maxDailyGB'
  | 'searchable'
  | 'accessible'
  | 'docSizeSetting'
  | 'utilizationSettings'
  | 'softLimitGB'
  | 'snapSearchRetentionDays'
>;

/**
 * Every setting with SPEC.md's default where it was omitted: create and update both replace all of
 * them (an update that leaves a field out resets it). reservedDailyGB only means something for a
 * flexible account, so it is null otherwise.
 */
export function settingsWithDefaults(input: SubAccountSettingsInput): SubAccountSettings {
  const isFlexible = input.isFlexible ?? false;
  const maxDailyGB = input.maxDailyGB ?? 0;
  const reservedDailyGB = isFlexible ? (input.reservedDailyGB ?? null) : null;
  if (reservedDailyGB !== null && reservedDailyGB > maxDailyGB) {
    const reason = `reserved daily volume=${reservedDailyGB} is bigger than max daily volume=${maxDailyGB}`;
    throw accountErrors.illegalPlan(reason, 'body.reservedDailyGB');
  }
  const utilizationSettings: UtilizationSettings = {
    frequencyMinutes: input.utilizationSettings?.frequencyMinutes ?? DEFAULT_UTILIZATION_FREQUENCY_MINUTES,
    utilizationEnabled: input.utilizationSettings?.utilizationEnabled ?? false,
  };
  const name = input.accountName.trim();
  if (name === '') throw accountErrors.blankName();
  return {
    name,
    sharingObjectsAccounts: [...input.sharingObjectsAccounts],
    isFlexible,
    reservedDailyGB,
    maxDailyGB,
    searchable: input.searchable ?? false,
    accessible: input.accessible ?? false,
    docSizeSetting: input.docSizeSetting ?? false,
    utilizationSettings,
    softLimitGB: input.softLimitGB ?? null,
    snapSearchRetentionDays: input.snapSearchRetentionDays ?? input.snapsearchRetentionDays ?? null,
  };
}
