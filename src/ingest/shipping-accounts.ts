import { ingestErrors } from './ingest-errors.js';
import type { Clock } from '../shared/clock.js';

/** What ingest needs to know about the account behind a shipping token. */
export interface IngestAccount {
  readonly accountId: number;
  readonly accountName: string;
  readonly maxDailyGB: number;
  readonly docSizeSetting: boolean;
  readonly retentionDays: number;
  readonly region: string;
}

interface AccountFacts {
  readonly id: number;
  readonly name: string;
  readonly maxDailyGB: number;
  readonly docSizeSetting: boolean;
  readonly retentionDays: number;
  readonly active: boolean;
  readonly region: string;
}

export interface ShippingAccountsDeps {
  readonly resolveShippingToken: (token: string) => Promise<{ readonly accountId: number } | undefined>;
  readonly getAccount: (accountId: number) => Promise<AccountFacts | undefined>;
  readonly clock: Clock;
  /** Region of this server: logs of an account of another region are refused, as the API refuses its tokens. */
  readonly region: string;
  /** How long an answer (also "unknown token") is reused; a revoked token stops working within this. */
  readonly cacheTtlMs?: number;
  readonly maxCachedTokens?: number;
}

export type ShippingAccounts = ReturnType<typeof createShippingAccounts>;

/**
 * Shipping token → account, cached briefly: every request is authenticated, and a database round trip per
 * request would cap ingest. The TTL bounds how long a revoked token or a changed cap keeps its old answer.
 */
export function createShippingAccounts(deps: ShippingAccountsDeps) {
  const ttlMs = deps.cacheTtlMs ?? 2000;
  const maxCached = deps.maxCachedTokens ?? 10_000;
  const cache = new Map<string, { readonly expiresAt: number; readonly value: Promise<IngestAccount | undefined> }>();

  async function load(token: string): Promise<IngestAccount | undefined> {
    const shipping = await deps.resolveShippingToken(token);
    if (shipping === undefined) return undefined;
    const account = await deps.getAccount(shipping.accountId);
    if (account === undefined || !account.active) return undefined;
    return {
      accountId: account.id,
      accountName: account.name,
      maxDailyGB: account.maxDailyGB,
      docSizeSetting: account.docSizeSetting,
      retentionDays: account.retentionDays,
      region: account.region,
    };
  }

  return {
    /** Region of this server. */
    region: deps.region,

    /** True when the account lives in another region than this server. */
    isForeign: (account: IngestAccount): boolean => account.region !== deps.region,

    /** The account a shipping token belongs to, or undefined for an unknown, disabled or revoked one. */
    resolve(token: string): Promise<IngestAccount | undefined> {
      if (token === '' || token.length > 256) return Promise.resolve(undefined);
      const now = deps.clock.now();
      const hit = cache.get(token);
      if (hit !== undefined && hit.expiresAt > now) return hit.value;
      // Bounded: random tokens from a scanner must not grow the cache without limit.
      if (cache.size >= maxCached) cache.clear();
      // A control-plane outage is the server's trouble, not a bad token: 503, and not remembered.
      const value = load(token).catch((error: unknown) => {
        throw ingestErrors.shippingTokensUnavailable(error);
      });
      cache.set(token, { expiresAt: now + ttlMs, value });
      value.catch(() => cache.delete(token));
      return value;
    },
  };
}
