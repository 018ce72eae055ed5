import type { Migration } from 'kysely';
import * as m2400 from './2400-archive.js';
import * as m2401 from './2401-archive-dropped-logs.js';

/** The archive area's migrations (range 2400–2499). Never edit one that has landed: add the next number. */
export const archiveMigrations: Readonly<Record<string, Migration>> = {
  '2400-archive': m2400,
  '2401-archive-dropped-logs': m2401,
};
