import type { Migration } from 'kysely';
import * as m1000 from './1000-detection-firings.js';
import * as m1090 from './1090-firing-claims.js';

/** The detection area's migrations (range 1000–1099, docs/decisions/0320). Never edit one that has landed. */
export const detectionMigrations: Readonly<Record<string, Migration>> = {
  '1000-detection-firings': m1000,
  '1090-firing-claims': m1090,
};
