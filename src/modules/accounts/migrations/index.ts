import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts-users-tokens.js';

/**
 * The accounts area's migrations (0001 also created the users, tokens and key-value tables).
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const accountMigrations: Readonly<Record<string, Migration>> = {
  '0001-accounts-users-tokens': m0001,
};
