import { AppError } from '../../shared/app-error.js';

/** Errors of the archive module; wire codes in Logz.io's `archive/` area (the reference documents none; no digits, decision 0310). */
export const archiveErrors = {
  /** Logz.io's own text (fixture update_archive_id_not_found.txt). */
  notFound: (id: number) =>
    new AppError('not_found', `archive id ${id} not found`, { wireCode: 'archive/ARCHIVE_NOT_FOUND', parameters: { id } }),
  /** Logz.io's own text (fixture get_restore_id_not_found.txt). */
  restoreNotFound: (id: number) =>
    new AppError('not_found', `restore id ${id} not found`, { wireCode: 'archive/RESTORE_NOT_FOUND', parameters: { id } }),
  /** A constraint of a field the schema cannot express (`field` is its path in the request). */
  invalid: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'archive/INVALID_ARCHIVE_SETTINGS', parameters: { field, rule } }),
  invalidRestore: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'archive/INVALID_RESTORE', parameters: { field, rule } }),
  /** One archive per account, as Logz.io allows. */
  alreadyConfigured: (id: number) =>
    new AppError('conflict', `The account already has archive settings (id ${id}); update or delete them`, {
      wireCode: 'archive/ARCHIVE_ALREADY_EXISTS',
      parameters: { id },
    }),
  noArchive: () =>
    new AppError('conflict', 'The account has no archive settings to restore from', { wireCode: 'archive/NO_ARCHIVE', parameters: {} }),
  restoreInProgress: (id: number) =>
    new AppError('conflict', `A restore of the account is already in progress (id ${id}); only one runs at a time`, {
      wireCode: 'archive/RESTORE_IN_PROGRESS',
      parameters: { id },
    }),
  tooManyRestoredAccounts: (max: number) =>
    new AppError('conflict', `The account already has ${max} active restored accounts; delete one first`, {
      wireCode: 'archive/MAX_ACTIVE_RESTORES',
      parameters: { max },
    }),
  nameTaken: (name: string) =>
    new AppError('conflict', `An active restore is already named ${name}`, {
      wireCode: 'archive/RESTORE_NAME_TAKEN',
      parameters: { name },
    }),
  /** The `test` operation could not write and delete its probe object. */
  testFailed: (reason: string) =>
    new AppError('invalid_argument', `Archive settings test failed: ${reason}`, { wireCode: 'archive/TEST_FAILED', parameters: {} }),
};
