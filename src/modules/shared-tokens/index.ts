export { createSharedTokenService, principalFiltersOf, type SharedTokenOwner, type SharedTokenService } from './shared-token-service.js';
export { sharedTokenRoutes } from './shared-token-routes.js';
export { SHARED_TOKEN_NOT_FOUND_MESSAGE } from './shared-token-errors.js';
export { sharedTokenMigrations } from './migrations/index.js';
export type { SharedTokenTables } from './shared-token-tables.js';
