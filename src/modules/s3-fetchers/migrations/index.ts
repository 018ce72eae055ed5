import type { Migration } from 'kysely';
import * as m2300 from './2300-s3-fetchers.js';

/** The s3-fetchers area's migrations (range 2300–2399). Never edit one that has landed: add the next number. */
export const s3FetcherMigrations: Readonly<Record<string, Migration>> = {
  '2300-s3-fetchers': m2300,
};
