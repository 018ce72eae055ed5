export { createSearchService, type SearchService, type SearchServiceDeps } from './search-service.js';
export { createEsCompatService, type EsCompatService } from './es-compat-service.js';
export { searchRoutes } from './search-routes.js';
export { esRoutes } from './es-routes.js';
export { resolveSearchScope, type ScopeInput, type AccountLookup } from './search-scope.js';
export { createLogQuestions } from './log-questions.js';
