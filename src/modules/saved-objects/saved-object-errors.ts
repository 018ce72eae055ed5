import { AppError } from '../../shared/app-error.js';
import type { Dependent, SavedObjectType } from './saved-object.js';

/** Errors of the saved-objects module (decision 0500); Logz.io names none for this area, so the codes are ours. */
export const savedObjectErrors = {
  notFound: (type: SavedObjectType, id: string) =>
    new AppError('not_found', `saved object ${type}:${id} not found`, { wireCode: 'saved-objects/NOT_FOUND', parameters: { type, id } }),
  alreadyExists: (type: SavedObjectType, id: string) =>
    new AppError('conflict', `saved object ${type}:${id} already exists`, {
      wireCode: 'saved-objects/ALREADY_EXISTS',
      parameters: { field: 'body.id', type, id },
    }),
  versionConflict: (type: SavedObjectType, id: string, expected: number, stored: number) =>
    new AppError('conflict', `saved object ${type}:${id} is at version ${stored}, not ${expected}: it changed since it was read`, {
      wireCode: 'saved-objects/VERSION_CONFLICT',
      parameters: { field: 'body.version', type, id, version: stored },
    }),
  /** A delete that would leave other objects pointing at nothing. */
  referenced: (type: SavedObjectType, id: string, dependents: readonly Dependent[]) =>
    new AppError(
      'conflict',
      `saved object ${type}:${id} is referenced by ${dependents.map((d) => `${d.type}:${d.id} (${d.title})`).join(', ')}; delete or change those first`,
      { wireCode: 'saved-objects/REFERENCED', parameters: { type, id, dependents } },
    ),
  /** An attribute the schema accepts whose content is wrong (`field` is its path in the request). */
  invalidAttribute: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'saved-objects/INVALID_ATTRIBUTE', parameters: { field, rule } }),
};
