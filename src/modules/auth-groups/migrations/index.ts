import type { Migration } from 'kysely';
import * as m0002 from './0002-auth-groups-session-revocations.js';

/**
 * The auth-groups area's migrations.
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const authGroupMigrations: Readonly<Record<string, Migration>> = {
  '0002-auth-groups-session-revocations': m0002,
};
