import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import { hashToken, newAlphanumericToken, newInt32Id } from '../../shared/ids.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { apiTokenRepository, type ApiTokenOwner, type ApiTokenRecord } from './api-token-repository.js';
import { shippingTokenRepository, type ShippingToken } from './shipping-token-repository.js';

export interface CreatedApiToken {
  readonly record: ApiTokenRecord;
  /** The secret itself: returned once, never stored. */
  readonly token: string;
}

export interface TokenServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

export type TokenService = ReturnType<typeof createTokenService>;

/** API tokens (hashed, account-scoped) and log shipping tokens (readable, account-scoped). */
export function createTokenService(deps: TokenServiceDeps) {
  const { db, clock } = deps;

  return {
    async createApiToken(input: {
      accountId: number;
      name: string;
      createdBy: string | null;
      token?: string;
      tx?: ControlPlaneDb;
    }): Promise<CreatedApiToken> {
      const token = input.token ?? randomUUID();
      const record: ApiTokenRecord = {
        id: newInt32Id(),
        accountId: input.accountId,
        name: input.name,
        createdAt: clock.now(),
        createdBy: input.createdBy,
        lastUsedAt: null,
      };
      await apiTokenRepository.insert(input.tx ?? db, record, hashToken(token));
      return { record, token };
    },

    /** The account behind an API token, or undefined for an unknown token. */
    async authenticateApiToken(token: string): Promise<ApiTokenOwner | undefined> {
      if (token === '' || token.length > 256) return undefined;
      return apiTokenRepository.findOwnerByHash(db, hashToken(token));
    },

    /** The e-mail behind an API token: Logz.io records the acting user as `createdBy`/`updatedBy`. */
    /** The person behind a principal's writes: an API token's creator, a signed-in user; none for a shared token. */
    async creatorOf(principal: Principal): Promise<string | null> {
      switch (principal.kind) {
        case 'api-token':
          return apiTokenRepository.createdBy(db, principal.tokenId);
        case 'session':
          return principal.email;
        case 'shared-token':
        case 'detection':
          return null;
      }
    },

    listApiTokens(accountId: number): Promise<ApiTokenRecord[]> {
      return apiTokenRepository.listByAccount(db, accountId);
    },

    /** Deletes the token at once; with `accountId`, only if it belongs to that account. */
    revokeApiToken(id: number, accountId?: number): Promise<boolean> {
      return apiTokenRepository.delete(db, id, accountId);
    },

    async createShippingToken(input: {
      accountId: number;
      name: string;
      createdBy: string | null;
      token?: string;
      tx?: ControlPlaneDb;
    }): Promise<ShippingToken> {
      const now = clock.now();
      const shippingToken: ShippingToken = {
        id: newInt32Id(),
        accountId: input.accountId,
        name: input.name,
        token: input.token ?? newAlphanumericToken(32),
        enabled: true,
        createdAt: now,
        updatedAt: now,
        createdBy: input.createdBy,
        updatedBy: input.createdBy,
      };
      await shippingTokenRepository.insert(input.tx ?? db, shippingToken);
      return shippingToken;
    },

    /** The enabled shipping token with this value, or undefined. */
    async resolveShippingToken(token: string): Promise<ShippingToken | undefined> {
      if (token === '' || token.length > 256) return undefined;
      const found = await shippingTokenRepository.findByToken(db, token);
      return found !== undefined && found.enabled ? found : undefined;
    },

    listShippingTokens(accountId: number): Promise<ShippingToken[]> {
      return shippingTokenRepository.listByAccount(db, accountId);
    },

    revokeShippingToken(id: number, accountId?: number): Promise<boolean> {
      return shippingTokenRepository.delete(db, id, accountId);
    },
  };
}
