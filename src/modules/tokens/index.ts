export { createTokenService, type TokenService, type CreatedApiToken } from './token-service.js';
export { createTokenManagementService, MAX_ENABLED_SHIPPING_TOKENS, type TokenManagementService } from './token-management-service.js';
export { tokenRoutes } from './token-routes.js';
export type { ApiTokenOwner, ApiTokenRecord } from './api-token-repository.js';
export type { ShippingToken } from './shipping-token-repository.js';
export { createActorResolver, type ActorResolutionDeps } from './actor-resolution.js';
