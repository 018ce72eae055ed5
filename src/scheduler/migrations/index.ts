import type { Migration } from 'kysely';
import * as m0021 from './0021-scheduler-leases.js';
import * as m0770 from './0770-tracked-tasks.js';

/**
 * The scheduler's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const schedulerMigrations: Readonly<Record<string, Migration>> = {
  '0021-scheduler-leases': m0021,
  '0770-tracked-tasks': m0770,
};
