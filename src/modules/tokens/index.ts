export { createTokenService, type TokenService, type CreatedApiToken } from './token-service.js';
export type { ApiTokenOwner, ApiTokenRecord } from './api-token-repository.js';
export type { ShippingToken } from './shipping-token-repository.js';
