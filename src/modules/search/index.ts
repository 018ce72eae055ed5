export { createSearchService, type SearchService, type SearchServiceDeps } from './search-service.js';
export { createEsCompatService, type EsCompatService } from './es-compat-service.js';
export { searchRoutes } from './search-routes.js';
export { esRoutes, ROOT_ES_PATHS, type EsRoutesOptions } from './es-routes.js';
export { resolveSearchScope, type ScopeInput, type AccountLookup } from './search-scope.js';
export { createLogQuestions } from './log-questions.js';
export { esHit, hitsObject } from './es-hits-wire.js';
export { createControlPlaneScrollStore } from './control-plane-scroll-store.js';
export { searchMigrations } from './migrations/index.js';
