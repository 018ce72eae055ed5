// The trigger tiers, shared by the detection engine and the web app's alert preview (decision 0677): one rule for
// which severity a value meets. Pure TypeScript: it imports only the severity list.
export { TRIGGER_OPERATORS, compare, highestTierMet, type TriggerOperator, type TierTrigger, type TierMet } from './trigger-tiers.js';
