import type { Migration } from 'kysely';
import { accountMigrations } from '../../modules/accounts/migrations/index.js';
import { userMigrations } from '../../modules/users/migrations/index.js';
import { alertMigrations } from '../../modules/alerts/migrations/index.js';
import { detectionMigrations } from '../../detection/migrations/index.js';
import { authGroupMigrations } from '../../modules/auth-groups/migrations/index.js';
import { savedObjectMigrations } from '../../modules/saved-objects/migrations/index.js';
import { usageMigrations } from '../../modules/usage/migrations/index.js';
import { lookupMigrations } from '../../modules/lookups/migrations/index.js';
import { schedulerMigrations } from '../../scheduler/migrations/index.js';
import { sharedTokenMigrations } from '../../modules/shared-tokens/migrations/index.js';
import { featureGrantMigrations } from '../../modules/feature-grants/migrations/index.js';
import { insightMigrations } from '../../modules/insights/migrations/index.js';
import { sessionMigrations } from '../../modules/sessions/migrations/index.js';
import { securityMigrations } from '../../modules/security/migrations/index.js';
import { snapshotMigrations } from '../../modules/snapshots/migrations/index.js';
import { searchMigrations } from '../../modules/search/migrations/index.js';
import { controlPlaneMigrations, engineAdmissionMigrations } from './migrations/index.js';
import { dropFilterMigrations } from '../../modules/drop-filters/migrations/index.js';
import { s3FetcherMigrations } from '../../modules/s3-fetchers/migrations/index.js';
import { archiveMigrations } from '../../modules/archive/migrations/index.js';

/**
 * An area of the control plane: the folder that declares its tables (`<area>-tables.ts`) and its migrations
 * (`migrations/`), and the migration numbers reserved for it. Areas migrate independently, so a new migration
 * of one area never waits for another's numbers (docs/decisions/0320).
 */
export interface MigrationArea {
  readonly name: string;
  /** The folder holding its tables and migrations; for a reserved area, what it is kept for. */
  readonly owner: string;
  /** First and last migration number reserved for the area (inclusive). */
  readonly first: number;
  readonly last: number;
  readonly migrations: Readonly<Record<string, Migration>>;
}

/**
 * Migrations that landed before areas had ranges. Databases record them by these names, so they keep them;
 * each now lives in the folder of the area that owns its main table. No migration is added below 0100.
 */
export const LANDED_BEFORE_RANGES: readonly string[] = [
  '0001-accounts-users-tokens',
  '0002-auth-groups-session-revocations',
  '0015-daily-usage',
  '0020-notifications-alerts',
  '0021-scheduler-leases',
  '0022-alert-event-log-batches',
];

const none: Readonly<Record<string, Migration>> = {};

/**
 * Every area in range order. On a new database migrations run in name order, so a migration may refer only to
 * tables of its own area or of areas with lower ranges (everything refers to accounts, which comes first).
 * Reserved areas have no migrations yet; a new area takes the next free hundred.
 */
export const migrationAreas: readonly MigrationArea[] = [
  { name: 'control-plane', owner: 'src/storage/control-plane', first: 100, last: 199, migrations: controlPlaneMigrations },
  { name: 'accounts', owner: 'src/modules/accounts', first: 200, last: 299, migrations: accountMigrations },
  { name: 'users', owner: 'src/modules/users', first: 300, last: 399, migrations: userMigrations },
  { name: 'tokens', owner: 'src/modules/tokens', first: 400, last: 499, migrations: none },
  { name: 'auth-groups', owner: 'src/modules/auth-groups', first: 500, last: 599, migrations: authGroupMigrations },
  { name: 'usage', owner: 'src/modules/usage', first: 600, last: 699, migrations: usageMigrations },
  { name: 'scheduler', owner: 'src/scheduler', first: 700, last: 799, migrations: schedulerMigrations },
  { name: 'notifications', owner: 'src/modules/notifications', first: 800, last: 899, migrations: none },
  { name: 'alerts', owner: 'src/modules/alerts', first: 900, last: 999, migrations: alertMigrations },
  { name: 'detection', owner: 'src/detection', first: 1000, last: 1099, migrations: detectionMigrations },
  { name: 'markers', owner: 'src/modules/markers', first: 1100, last: 1199, migrations: none },
  { name: 'sessions', owner: 'src/modules/sessions', first: 1200, last: 1299, migrations: sessionMigrations },
  {
    name: 'shared-tokens',
    owner: 'src/modules/shared-tokens',
    first: 1300,
    last: 1399,
    migrations: { ...featureGrantMigrations, ...sharedTokenMigrations },
  },
  { name: 'security', owner: 'src/modules/security', first: 1400, last: 1499, migrations: securityMigrations },
  { name: 'lookups', owner: 'src/modules/lookups', first: 1500, last: 1599, migrations: lookupMigrations },
  { name: 'saved-objects', owner: 'src/modules/saved-objects', first: 1600, last: 1699, migrations: savedObjectMigrations },
  { name: 'snapshots', owner: 'src/modules/snapshots', first: 1700, last: 1799, migrations: snapshotMigrations },
  { name: 'insights', owner: 'src/modules/insights', first: 1800, last: 1899, migrations: insightMigrations },
  { name: 'search', owner: 'src/modules/search', first: 1900, last: 1999, migrations: searchMigrations },
  { name: 'drop-filters', owner: 'src/modules/drop-filters', first: 2200, last: 2299, migrations: dropFilterMigrations },
  { name: 's3-fetchers', owner: 'src/modules/s3-fetchers', first: 2300, last: 2399, migrations: s3FetcherMigrations },
  { name: 'archive', owner: 'src/modules/archive', first: 2400, last: 2499, migrations: archiveMigrations },
  { name: 'engine-admission', owner: 'src/storage/control-plane', first: 2500, last: 2509, migrations: engineAdmissionMigrations },
];

/** The number a migration name starts with (`0203-add-x` → 203). */
export function migrationNumber(name: string): number {
  const match = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*$/.exec(name);
  if (match?.[1] === undefined) throw new Error(`migration name ${name} is not NNNN-kebab-case`);
  return Number(match[1]);
}

/**
 * The migration set of the given areas, checked: every name unique, well formed, and inside its area's range
 * unless it landed before ranges existed. Throws on the first breach, so a misnumbered migration fails at start.
 */
export function collectMigrations(areas: readonly MigrationArea[]): Readonly<Record<string, Migration>> {
  const all: Record<string, Migration> = {};
  const numbers = new Set<number>();
  let previousLast = 0;
  for (const area of areas) {
    if (area.first <= previousLast || area.last < area.first) throw new Error(`area ${area.name}'s range overlaps or is out of order`);
    previousLast = area.last;
    for (const [name, migration] of Object.entries(area.migrations)) {
      const number = migrationNumber(name);
      const inRange = number >= area.first && number <= area.last;
      if (!inRange && !LANDED_BEFORE_RANGES.includes(name)) {
        throw new Error(`migration ${name} of area ${area.name} is outside its range ${area.first}-${area.last}`);
      }
      if (numbers.has(number)) throw new Error(`migration number ${number} is taken twice (${name})`);
      numbers.add(number);
      all[name] = migration;
    }
  }
  return all;
}
