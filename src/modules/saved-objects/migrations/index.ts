import type { Migration } from 'kysely';
import * as m1600 from './1600-saved-objects.js';

/**
 * The saved-objects area's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const savedObjectMigrations: Readonly<Record<string, Migration>> = {
  '1600-saved-objects': m1600,
};
