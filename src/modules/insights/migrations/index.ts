import type { Migration } from 'kysely';
import * as m1800 from './1800-insights.js';

/**
 * The insights area's migrations (1800–1899).
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const insightMigrations: Readonly<Record<string, Migration>> = {
  '1800-insights': m1800,
};
