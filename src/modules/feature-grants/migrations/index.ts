import type { Migration } from 'kysely';
import * as m1300 from './1300-account-feature-grants.js';

/**
 * The feature grants' migrations, numbered in the shared-tokens range (decision 0550): shared tokens were the first
 * feature to need a grant. Never edit one that has landed: add the next free number of the range.
 */
export const featureGrantMigrations: Readonly<Record<string, Migration>> = {
  '1300-account-feature-grants': m1300,
};
