import type { Migration } from 'kysely';
import * as m0020 from './0020-notifications-alerts.js';
import * as m0022 from './0022-alert-event-log-batches.js';

/**
 * The alerts area's migrations (0020 also created the notification tables).
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const alertMigrations: Readonly<Record<string, Migration>> = {
  '0020-notifications-alerts': m0020,
  '0022-alert-event-log-batches': m0022,
};
