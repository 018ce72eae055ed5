import type { Migration } from 'kysely';
import { featureGrantMigrations } from '../../feature-grants/index.js';
import * as m1301 from './1301-shared-tokens.js';

/**
 * The shared-tokens area's migrations (1300–1399): the feature grants first (1300, decision 0550), then the tokens.
 * Never edit one that has landed: add the next free number of the range (docs/decisions/0320).
 */
export const sharedTokenMigrations: Readonly<Record<string, Migration>> = {
  ...featureGrantMigrations,
  '1301-shared-tokens': m1301,
};
