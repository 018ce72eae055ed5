export { createOwnLogWriter, type OwnLogWriter, type OwnLogWriterDeps } from './own-log-writer.js';
export { ownLogId, type OwnLog } from './own-log.js';
