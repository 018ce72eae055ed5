import type { Migration } from 'kysely';
import * as m1700 from './1700-snapshots.js';

/** The snapshots area's migrations (range 1700–1799, docs/decisions/0320); never edit one that has landed. */
export const snapshotMigrations: Readonly<Record<string, Migration>> = {
  '1700-snapshots': m1700,
};
