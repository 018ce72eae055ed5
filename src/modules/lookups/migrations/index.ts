import type { Migration } from 'kysely';
import * as m1500 from './1500-lookup-lists.js';

/**
 * The lookups area's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const lookupMigrations: Readonly<Record<string, Migration>> = {
  '1500-lookup-lists': m1500,
};
