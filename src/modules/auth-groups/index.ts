export { createAuthGroupService, type AuthGroupService } from './auth-group-service.js';
export { authGroupRoutes } from './auth-group-routes.js';
export type { AuthenticationGroup } from './auth-group.js';
export { sessionRevocationRepository } from './session-revocation-repository.js';
