import type { Migration } from 'kysely';
import * as m1900 from './1900-scroll-contexts.js';

/**
 * The search area's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const searchMigrations: Readonly<Record<string, Migration>> = {
  '1900-scroll-contexts': m1900,
};
