export { createSavedObjectService, KIBANA_VERSION, type SavedObjectService } from './saved-object-service.js';
export { savedObjectRoutes } from './saved-object-routes.js';
export { kibanaRoutes } from './kibana-routes.js';
export { savedObjectRepository } from './saved-object-repository.js';
export { SAVED_OBJECT_TYPES, type SavedObject, type SavedObjectType } from './saved-object.js';
