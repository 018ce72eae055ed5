import type { Migration } from 'kysely';
import * as m1400 from './1400-security.js';

/** The security area's migrations (range 1400–1499). Never edit one that has landed: add the next number. */
export const securityMigrations: Readonly<Record<string, Migration>> = {
  '1400-security': m1400,
};
