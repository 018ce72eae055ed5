import type { Generated, Kysely } from 'kysely';
import type { AccountTables } from '../../modules/accounts/account-tables.js';
import type { AlertTables } from '../../modules/alerts/alert-tables.js';
import type { AuthGroupTables } from '../../modules/auth-groups/auth-group-tables.js';
import type { NotificationTables } from '../../modules/notifications/notification-tables.js';
import type { SavedObjectTables } from '../../modules/saved-objects/saved-object-tables.js';
import type { TokenTables } from '../../modules/tokens/token-tables.js';
import type { UsageTables } from '../../modules/usage/usage-tables.js';
import type { UserTables } from '../../modules/users/user-tables.js';
import type { SchedulerTables } from '../../scheduler/lease-tables.js';
import type { TaskTables } from '../../scheduler/task-tables.js';
import type { DetectionTables } from '../../detection/detection-tables.js';
import type { FeatureGrantTables } from '../../modules/feature-grants/feature-grant-tables.js';
import type { SharedTokenTables } from '../../modules/shared-tokens/shared-token-tables.js';
import type { InsightTables } from '../../modules/insights/insight-tables.js';
import type { SessionTables } from '../../modules/sessions/session-tables.js';
import type { SecurityTables } from '../../modules/security/security-tables.js';
import type { LookupTables } from '../../modules/lookups/lookup-tables.js';
import type { SnapshotTables } from '../../modules/snapshots/snapshot-tables.js';
import type { SearchTables } from '../../modules/search/search-tables.js';
import type { DropFilterTables } from '../../modules/drop-filters/drop-filter-tables.js';
import type { S3FetcherTables } from '../../modules/s3-fetchers/s3-fetcher-tables.js';
import type { ArchiveTables } from '../../modules/archive/archive-tables.js';
import type { CoreTables } from './core-tables.js';

/**
 * The control-plane database: the union of the tables each area declares beside its code (`<area>-tables.ts`),
 * shared by SQLite and PostgreSQL. Booleans are stored as 0/1 integers and times as epoch milliseconds so
 * that both dialects read back the same JS values. An area adds a table in its own tables file, together with
 * a migration numbered in its range (./migration-areas.ts), and lists its tables interface here once.
 */
export interface ControlPlaneTables
  extends
    CoreTables,
    AccountTables,
    UserTables,
    TokenTables,
    AuthGroupTables,
    UsageTables,
    SchedulerTables,
    TaskTables,
    NotificationTables,
    AlertTables,
    DetectionTables,
    FeatureGrantTables,
    SharedTokenTables,
    InsightTables,
    SessionTables,
    SavedObjectTables,
    SecurityTables,
    LookupTables,
    SnapshotTables,
    SearchTables,
    DropFilterTables,
    S3FetcherTables,
    ArchiveTables {}

export type ControlPlaneDb = Kysely<ControlPlaneTables>;
export type { Generated };

// Row types, for the repositories that imported them from here before tables moved beside their modules.
export type * from '../../modules/accounts/account-tables.js';
export type * from '../../modules/alerts/alert-tables.js';
export type * from '../../modules/auth-groups/auth-group-tables.js';
export type * from '../../modules/notifications/notification-tables.js';
export type * from '../../modules/saved-objects/saved-object-tables.js';
export type * from '../../modules/tokens/token-tables.js';
export type * from '../../modules/usage/usage-tables.js';
export type * from '../../modules/users/user-tables.js';
export type * from '../../scheduler/lease-tables.js';
export type * from '../../scheduler/task-tables.js';
export type * from '../../detection/detection-tables.js';
export type * from '../../modules/feature-grants/feature-grant-tables.js';
export type * from '../../modules/shared-tokens/shared-token-tables.js';
export type * from '../../modules/insights/insight-tables.js';
export type * from '../../modules/sessions/session-tables.js';
export type * from '../../modules/security/security-tables.js';
export type * from '../../modules/lookups/lookup-tables.js';
export type * from '../../modules/snapshots/snapshot-tables.js';
export type * from '../../modules/search/search-tables.js';
export type * from './core-tables.js';
