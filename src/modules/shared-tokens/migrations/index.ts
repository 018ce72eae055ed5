import type { Migration } from 'kysely';
import * as m1301 from './1301-shared-tokens.js';

/**
 * The shared-tokens module's migrations in its area (1300–1399); the area also runs the feature grants' 1300
 * (decision 0550, joined in migration-areas.ts).
 * Never edit one that has landed: add the next free number of the range (docs/decisions/0320).
 */
export const sharedTokenMigrations: Readonly<Record<string, Migration>> = {
  '1301-shared-tokens': m1301,
};
