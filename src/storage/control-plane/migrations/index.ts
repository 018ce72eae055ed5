import type { Migration } from 'kysely';
import * as m0100 from './0100-api-in-flight.js';

/**
 * The control plane's own migrations (tables no module owns).
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const controlPlaneMigrations: Readonly<Record<string, Migration>> = {
  '0100-api-in-flight': m0100,
};
