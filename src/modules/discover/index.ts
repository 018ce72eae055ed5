export { createDiscoverService, type DiscoverService, EXPORT_MAX_ROWS } from './discover-service.js';
export { discoverRoutes } from './discover-routes.js';
export { createSearchCancels, type SearchCancels } from './search-cancels.js';
