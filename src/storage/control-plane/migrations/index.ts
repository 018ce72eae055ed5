import type { Migration } from 'kysely';
import * as m0100 from './0100-api-in-flight.js';
import * as m2500 from './2500-engine-statements.js';

/**
 * The control plane's own migrations (tables no module owns).
 * Never edit one that has landed: add the next free number of the area's range (docs/decisions/0320).
 */
export const controlPlaneMigrations: Readonly<Record<string, Migration>> = {
  '0100-api-in-flight': m0100,
};

/**
 * The shared admission of engine statements (decision 0740): a control-plane table of its own area, numbered from
 * the block issue 51's admission work was given (2500–2509).
 */
export const engineAdmissionMigrations: Readonly<Record<string, Migration>> = {
  '2500-engine-statements': m2500,
};
