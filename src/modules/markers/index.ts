export { createMarkerService, MARKER_LOG_TYPE, type MarkerService } from './marker-service.js';
export { markerRoutes } from './marker-routes.js';
