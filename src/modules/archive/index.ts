export { createArchiveService, type ArchiveService } from './archive-service.js';
export { createArchivePass, type ArchivePass, type ArchivePassReport } from './archive-pass.js';
export { createRestoreRunner, RestoreGone, type RestoreRunner, type RestoredLog } from './restore-runner.js';
export { archiveRoutes } from './archive-routes.js';
export { archiveErrors } from './archive-errors.js';
export type { ArchiveSettings, Restore } from './archive.js';
export { createDroppedLogSpool, type DroppedLogSpool } from './dropped-log-spool.js';
