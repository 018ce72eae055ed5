export { createDropFilterService, type DropFilterService } from './drop-filter-service.js';
export { createDropFilterView, type DropFilterView } from './drop-filter-view.js';
export { dropFilterRoutes } from './drop-filter-routes.js';
export { dropFilterErrors } from './drop-filter-errors.js';
