import type { Migration } from 'kysely';
import * as m1200 from './1200-web-sign-in.js';
import * as m1201 from './1201-sign-in-failures.js';

/**
 * The sessions area's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const sessionMigrations: Readonly<Record<string, Migration>> = {
  '1200-web-sign-in': m1200,
  '1201-sign-in-failures': m1201,
};
