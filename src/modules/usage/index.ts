export { createUsageService, type UsageService, type DailyUsage } from './usage-service.js';
export type { UsageDelta, DailyUsageRow } from './usage-repository.js';
