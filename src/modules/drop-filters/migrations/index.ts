import type { Migration } from 'kysely';
import * as m2200 from './2200-drop-filters.js';

/** The drop-filters area's migrations (range 2200–2299). Never edit one that has landed: add the next number. */
export const dropFilterMigrations: Readonly<Record<string, Migration>> = {
  '2200-drop-filters': m2200,
};
