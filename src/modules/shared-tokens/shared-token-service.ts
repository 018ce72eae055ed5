import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { hashToken, newInt32Id } from '../../shared/ids.js';
import type { PrincipalFilter, SharedTokenPrincipal } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { sharedTokenErrors } from './shared-token-errors.js';
import { sharedTokenRepository, type FiltersOperator, type QueryFilter, type SharedTokenRecord } from './shared-token-repository.js';

export interface SharedTokenServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

/** A shared token that authenticated, and whether its account may still be used. */
export interface SharedTokenOwner {
  readonly principal: SharedTokenPrincipal;
  readonly accountActive: boolean;
}

export interface CreatedSharedToken {
  readonly record: SharedTokenRecord;
  /** The secret itself: returned once, never stored. */
  readonly token: string;
}

/** `lastUsed` is written at most this often per token: a busy dashboard must not write on every search. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * A token's filters as the search scope resolver takes them (decision 0615): each `field: value` an exact match of
 * the whole value, as Logz.io's filter is — a `term` on the field's keyword twin, which is the field itself for
 * numbers, booleans and keywords — so `team: payments` never sees `payments-x`. AND gives one principal filter per
 * condition, OR one disjunction. Either way they are compiled into the query.
 */
export function principalFiltersOf(filters: readonly { field: string; value: string }[], operator: FiltersOperator): PrincipalFilter[] {
  const conditions = filters.map((filter) => ({ term: { [exactFieldOf(filter.field)]: filter.value } }));
  if (conditions.length === 0) return [];
  if (operator === 'AND') return conditions.map((query) => ({ kind: 'es-dsl', query }));
  return [{ kind: 'es-dsl', query: { bool: { should: conditions, minimum_should_match: 1 } } }];
}

const exactFieldOf = (field: string): string => (field.endsWith('.keyword') ? field : `${field}.keyword`);

export type SharedTokenService = ReturnType<typeof createSharedTokenService>;

/** Query filters and the read-only shared tokens that carry them, per account. */
export function createSharedTokenService(deps: SharedTokenServiceDeps) {
  const { db, clock } = deps;

  const getToken = async (accountId: number, id: number): Promise<SharedTokenRecord> => {
    const [token] = await sharedTokenRepository.listTokens(db, accountId, id);
    if (token === undefined) throw sharedTokenErrors.notFound('token', id);
    return token;
  };

  /** The ids as given, de-duplicated, each a filter of the account; else the first unknown id answers 404. */
  const checkFilterIds = async (tx: ControlPlaneDb, accountId: number, ids: readonly number[]): Promise<number[]> => {
    const unique = [...new Set(ids)];
    const known = new Set((await sharedTokenRepository.listFilters(tx, accountId, unique)).map((filter) => filter.id));
    const unknown = unique.find((id) => !known.has(id));
    if (unknown !== undefined) throw sharedTokenErrors.notFound('filter', unknown);
    return unique;
  };

  return {
    async createFilter(accountId: number, input: { field: string; value: string; description?: string | undefined }): Promise<QueryFilter> {
      const filter: QueryFilter = {
        id: newInt32Id(),
        accountId,
        field: input.field,
        value: input.value,
        description: input.description ?? null,
      };
      await sharedTokenRepository.insertFilter(db, filter, clock.now());
      return filter;
    },

    listFilters: (accountId: number): Promise<QueryFilter[]> => sharedTokenRepository.listFilters(db, accountId),

    async getFilter(accountId: number, id: number): Promise<QueryFilter> {
      const [filter] = await sharedTokenRepository.listFilters(db, accountId, [id]);
      if (filter === undefined) throw sharedTokenErrors.notFound('filter', id);
      return filter;
    },

    /** A filter some token carries is kept: dropping it from the token would widen what the token sees. */
    async deleteFilter(accountId: number, id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const [filter] = await sharedTokenRepository.listFilters(tx, accountId, [id]);
        if (filter === undefined) throw sharedTokenErrors.notFound('filter', id);
        const users = await sharedTokenRepository.tokensUsingFilter(tx, id);
        if (users.length > 0) throw sharedTokenErrors.filterInUse(id, users);
        await sharedTokenRepository.deleteFilter(tx, accountId, id);
      });
    },

    async createToken(
      accountId: number,
      input: { name: string; filters: readonly number[]; filtersOperator: FiltersOperator; expirationDate: number | null },
    ): Promise<CreatedSharedToken> {
      // A token born expired would answer 401 to every use: the caller made a mistake, so say so.
      if (input.expirationDate !== null && input.expirationDate <= clock.now())
        throw sharedTokenErrors.expiredOnCreation(input.expirationDate);
      const token = randomUUID();
      return db.transaction().execute(async (tx) => {
        const filterIds = await checkFilterIds(tx, accountId, input.filters);
        const record: SharedTokenRecord = {
          id: newInt32Id(),
          accountId,
          name: input.name,
          tokenHint: token.slice(-4),
          filterIds,
          filtersOperator: input.filtersOperator,
          expirationDate: input.expirationDate,
          lastUsedAt: null,
          createdAt: clock.now(),
        };
        await sharedTokenRepository.insertToken(tx, record, hashToken(token));
        return { record, token };
      });
    },

    listTokens: (accountId: number): Promise<SharedTokenRecord[]> => sharedTokenRepository.listTokens(db, accountId),

    getToken,

    /** Replaces the token's filters (`[]` removes them all) and, when given, how they combine. */
    async updateTokenFilters(
      accountId: number,
      id: number,
      input: { filters: readonly number[]; filtersOperator?: FiltersOperator | undefined },
    ): Promise<SharedTokenRecord> {
      await db.transaction().execute(async (tx) => {
        const [token] = await sharedTokenRepository.listTokens(tx, accountId, id);
        if (token === undefined) throw sharedTokenErrors.notFound('token', id);
        const filterIds = await checkFilterIds(tx, accountId, input.filters);
        await sharedTokenRepository.replaceLinks(tx, id, filterIds);
        if (input.filtersOperator !== undefined) await sharedTokenRepository.setOperator(tx, id, input.filtersOperator);
      });
      return getToken(accountId, id);
    },

    async deleteToken(accountId: number, id: number): Promise<void> {
      if (!(await sharedTokenRepository.deleteToken(db, accountId, id))) throw sharedTokenErrors.notFound('token', id);
    },

    /**
     * The principal behind a shared token, or undefined for an unknown or expired token, or one whose account no
     * longer holds the shared-tokens grant (revoking the grant stops its tokens at once).
     */
    async authenticate(token: string): Promise<SharedTokenOwner | undefined> {
      if (token === '' || token.length > 256) return undefined;
      const owner = await sharedTokenRepository.findOwnerByHash(db, hashToken(token));
      const now = clock.now();
      if (owner === undefined || !owner.granted) return undefined;
      if (owner.expirationDate !== null && owner.expirationDate <= now) return undefined;
      if (owner.lastUsedAt === null || now - owner.lastUsedAt >= LAST_USED_RESOLUTION_MS)
        await sharedTokenRepository.touch(db, owner.tokenId, now);
      const filters = await sharedTokenRepository.filtersOfToken(db, owner.tokenId);
      return {
        accountActive: owner.accountActive,
        principal: {
          kind: 'shared-token',
          sharedTokenId: owner.tokenId,
          filters: principalFiltersOf(filters, owner.filtersOperator),
          accountId: owner.accountId,
          accountName: owner.accountName,
          region: owner.region,
          ownerAccountId: owner.ownerAccountId,
          accountType: owner.accountType,
          retentionDays: owner.retentionDays,
        },
      };
    },
  };
}
