import type { CreatedApiToken } from './token-service.js';
import type { ShippingToken } from './shipping-token-repository.js';
import type { ShippingTokenResponse } from './token-wire.js';

/** Reference §1.7: shipping-token and API-token dates are epoch seconds (with a fraction). */
const toSeconds = (epochMs: number): number => epochMs / 1000;

export function shippingTokenToWire(token: ShippingToken): ShippingTokenResponse {
  return {
    name: token.name,
    id: token.id,
    token: token.token,
    updatedAt: toSeconds(token.updatedAt),
    updatedBy: token.updatedBy,
    createdAt: toSeconds(token.createdAt),
    createdBy: token.createdBy,
    enabled: token.enabled,
  };
}

export function apiTokenToWire(created: CreatedApiToken): { id: number; name: string; token: string; createdAt: number } {
  return { id: created.record.id, name: created.record.name, token: created.token, createdAt: toSeconds(created.record.createdAt) };
}
