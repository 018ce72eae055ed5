import type { MeasuredGroup } from '../../storage/log-store.js';
import type { Firing } from '../rule-kind.js';
import { highestTierMet, type TierTrigger } from '../../trigger-model/index.js';

// The tier model itself lives in src/trigger-model/, shared with the web app's alert preview (decision 0677).
export {
  TRIGGER_OPERATORS,
  compare,
  highestTierMet,
  type TriggerOperator,
  type TierTrigger,
  type TierMet,
} from '../../trigger-model/index.js';

/** The groups whose value meets a tier, each with the highest severity it meets. */
export function groupsMeetingTiers(trigger: TierTrigger, groups: readonly MeasuredGroup[]): Firing[] {
  const firings: Firing[] = [];
  for (const { group, value } of groups) {
    const met = highestTierMet(trigger, value);
    if (met !== undefined) firings.push({ group, value, ...met });
  }
  return firings;
}
