import type { Migration } from 'kysely';
import * as m0300 from './0300-people-held-by-accounts.js';

/**
 * The users area's migrations (its tables were created by the accounts area's 0001).
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const userMigrations: Readonly<Record<string, Migration>> = {
  '0300-people-held-by-accounts': m0300,
};
