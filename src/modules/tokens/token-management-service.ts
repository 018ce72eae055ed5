import type { AccountScope } from '../../shared/account-scope.js';
import { alreadyExists } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { shippingTokenRepository, type ShippingToken, type ShippingTokenSearch } from './shipping-token-repository.js';
import { tokenErrors } from './token-errors.js';
import type { CreatedApiToken, TokenService } from './token-service.js';

/** Enabled log shipping tokens an account may hold (Logz.io's documented example limit). */
export const MAX_ENABLED_SHIPPING_TOKENS = 50;

export interface TokenManagementDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly tokens: TokenService;
  readonly scope: AccountScope;
}

export interface ShippingTokenSearchInput {
  readonly enabled?: boolean | undefined;
  readonly sort?: readonly { readonly field: 'createdAt' | 'name'; readonly descending?: boolean | undefined }[] | undefined;
  readonly pageNumber: number;
  readonly pageSize: number;
}

export type TokenManagementService = ReturnType<typeof createTokenManagementService>;

/** Tokens over the API: the account's log shipping tokens, and API tokens made with a main-account token. */
export function createTokenManagementService(deps: TokenManagementDeps) {
  const { db, clock, tokens, scope } = deps;

  async function getOwn(tx: ControlPlaneDb, principal: Principal, id: number): Promise<ShippingToken> {
    const token = await shippingTokenRepository.get(tx, id);
    if (token === undefined || token.accountId !== principal.accountId) throw tokenErrors.shippingTokenNotFound(id);
    return token;
  }

  /** Shipping token names are unique in an account, as Logz.io keeps them: shippers' configs name them. */
  async function assertNameFree(tx: ControlPlaneDb, accountId: number, name: string, exceptId?: number): Promise<void> {
    const taken = (await shippingTokenRepository.listByAccount(tx, accountId)).some(
      (token) => token.name === name && token.id !== exceptId,
    );
    if (taken) {
      throw alreadyExists(`body.name: a log shipping token named ${JSON.stringify(name)} already exists`, {
        wireCode: 'log-shipping-tokens/TOKEN_NAME_ALREADY_EXISTS',
        parameters: { field: 'body.name', rule: 'unique', name },
      });
    }
  }

  return {
    async createShippingToken(principal: Principal, input: { name: string; enabled?: boolean | undefined }): Promise<ShippingToken> {
      const actor = await tokens.creatorOf(principal);
      return db.transaction().execute(async (tx) => {
        await assertNameFree(tx, principal.accountId, input.name);
        const enabled = input.enabled ?? true;
        if (enabled && (await shippingTokenRepository.countEnabled(tx, principal.accountId)) >= MAX_ENABLED_SHIPPING_TOKENS)
          throw tokenErrors.shippingTokenLimitReached(MAX_ENABLED_SHIPPING_TOKENS);
        const created = await tokens.createShippingToken({ accountId: principal.accountId, name: input.name, createdBy: actor, tx });
        if (enabled) return created;
        const disabled = { ...created, enabled: false };
        await shippingTokenRepository.update(tx, disabled);
        return disabled;
      });
    },

    getShippingToken(principal: Principal, id: number): Promise<ShippingToken> {
      return getOwn(db, principal, id);
    },

    /** Renames and/or enables or disables; omitted fields stay as they are. */
    async updateShippingToken(
      principal: Principal,
      id: number,
      input: { name?: string | undefined; enabled?: boolean | undefined },
    ): Promise<ShippingToken> {
      const actor = await tokens.creatorOf(principal);
      return db.transaction().execute(async (tx) => {
        const current = await getOwn(tx, principal, id);
        if (input.name !== undefined) await assertNameFree(tx, principal.accountId, input.name, id);
        const enabled = input.enabled ?? current.enabled;
        if (
          enabled &&
          !current.enabled &&
          (await shippingTokenRepository.countEnabled(tx, principal.accountId)) >= MAX_ENABLED_SHIPPING_TOKENS
        )
          throw tokenErrors.shippingTokenLimitReached(MAX_ENABLED_SHIPPING_TOKENS);
        if (!enabled && current.enabled && (await shippingTokenRepository.countEnabled(tx, principal.accountId)) <= 1)
          throw tokenErrors.lastEnabledShippingToken();
        const updated: ShippingToken = { ...current, name: input.name ?? current.name, enabled, updatedAt: clock.now(), updatedBy: actor };
        await shippingTokenRepository.update(tx, updated);
        return updated;
      });
    },

    /** Deletes the token at once: the listener reads the store on every request, so it stops working now. */
    async deleteShippingToken(principal: Principal, id: number): Promise<ShippingToken> {
      return db.transaction().execute(async (tx) => {
        const current = await getOwn(tx, principal, id);
        if (current.enabled && (await shippingTokenRepository.countEnabled(tx, principal.accountId)) <= 1)
          throw tokenErrors.lastEnabledShippingToken();
        await shippingTokenRepository.delete(tx, id, principal.accountId);
        return current;
      });
    },

    async searchShippingTokens(principal: Principal, input: ShippingTokenSearchInput): Promise<{ total: number; tokens: ShippingToken[] }> {
      const search: ShippingTokenSearch = {
        accountId: principal.accountId,
        enabled: input.enabled,
        sort: (input.sort ?? []).map((s) => ({ field: s.field, descending: s.descending ?? false })),
        offset: (input.pageNumber - 1) * input.pageSize,
        limit: input.pageSize,
      };
      return shippingTokenRepository.search(db, search);
    },

    async shippingTokenLimits(principal: Principal): Promise<{ maxAllowedTokens: number; numOfEnabledTokens: number }> {
      return {
        maxAllowedTokens: MAX_ENABLED_SHIPPING_TOKENS,
        numOfEnabledTokens: await shippingTokenRepository.countEnabled(db, principal.accountId),
      };
    },

    /** `POST /v1/api-tokens/sub-account`: a main-account token creates an API token for an account of its tree. */
    async createApiToken(principal: Principal, input: { name: string; accountId: number }): Promise<CreatedApiToken> {
      if (principal.ownerAccountId !== null) throw tokenErrors.apiTokenNeedsMainAccount();
      if (!(await scope.tree(principal)).includes(input.accountId)) throw tokenErrors.apiTokenAccountNotFound(input.accountId);
      return tokens.createApiToken({ accountId: input.accountId, name: input.name, createdBy: await tokens.creatorOf(principal) });
    },
  };
}
