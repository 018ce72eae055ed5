export { createLookupService, type LookupService, type LookupServiceDeps, type BulkOutcome } from './lookup-service.js';
export { createLookupResolver } from './lookup-resolver.js';
export { lookupRoutes } from './lookup-routes.js';
export { lookupListRepository, lookupElementRepository } from './lookup-repository.js';
export type { LookupDependent } from './lookup-errors.js';
export type { LookupList, LookupElement } from './lookup.js';
