import type { Migration } from 'kysely';
import * as m0015 from './0015-daily-usage.js';
import * as m0601 from './0601-daily-cap-grants.js';

/**
 * The usage area's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const usageMigrations: Readonly<Record<string, Migration>> = {
  '0015-daily-usage': m0015,
  '0601-daily-cap-grants': m0601,
};
