import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts-users-tokens.js';
import * as m0002 from './0002-auth-groups-session-revocations.js';
import * as m0015 from './0015-daily-usage.js';
import * as m0020 from './0020-notifications-alerts.js';
import * as m0021 from './0021-scheduler-leases.js';
import * as m0022 from './0022-alert-event-log-batches.js';

/**
 * The one migration set of the control plane, run on SQLite and PostgreSQL alike. Names sort in
 * order; never edit a migration that has landed, add the next number instead.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-accounts-users-tokens': m0001,
  '0002-auth-groups-session-revocations': m0002,
  '0015-daily-usage': m0015,
  '0020-notifications-alerts': m0020,
  '0021-scheduler-leases': m0021,
  '0022-alert-event-log-batches': m0022,
};
