import { MS_PER_DAY, startOfUtcDay } from '../../shared/clock.js';
import { parseQuery, type QueryAst } from '../../query/index.js';
import { filtersOf, type Principal, type PrincipalFilter } from '../../shared/principal.js';
import type { SearchScope, TypeSelection } from '../../storage/log-store.js';
import { isSearchableBy, type Account } from '../accounts/index.js';
import { searchErrors } from './search-errors.js';

export interface ScopeInput {
  readonly principal: Principal;
  /** `accountIds` of the request; null: the caller's own account. */
  readonly requestedAccountIds: readonly number[] | null;
  /**
   * `window`: the Logz.io 2-day window (today and yesterday UTC) shifted back by `dayOffset` days;
   * `retention`: everything the accounts still retain (the Elasticsearch-compatible API, whose clients send
   * their own time range); `range`: [fromMs, toMs), refused (never clipped) when it starts before what an
   * account retains (the web app's Discover).
   */
  readonly window:
    | { readonly kind: 'two-days'; readonly dayOffset: number }
    | { readonly kind: 'retention' }
    | { readonly kind: 'range'; readonly fromMs: number; readonly toMs: number };
  readonly types: TypeSelection | null;
  readonly nowMs: number;
}

/**
 * A range may start this much before the retention: "Last 30 days" of a 30-day account, resolved on a browser's
 * clock a little behind the server's, is still the whole retention, not a refusal.
 */
const RANGE_CLOCK_GRACE_MS = 120_000;

export type AccountLookup = (accountId: number) => Promise<Account | undefined>;

/** What the window of a searched account depends on. */
type Searched = Pick<Account, 'id' | 'retentionDays'>;

function filterAst(filter: PrincipalFilter, nowMs: number, index: number): QueryAst {
  if (filter.kind === 'query-ast') return filter.query;
  // Date math in a stored filter (`now-1d`) means the time of this search.
  return parseQuery(filter.query, { now: nowMs, profile: 'elasticsearch' }, `principal.filters[${index}]`);
}

/** Every filter of the principal as one QueryAst (all must match, none scores), or null when it has none. */
export function principalFilter(principal: Principal, nowMs: number): QueryAst | null {
  const filters = filtersOf(principal).map((filter, index) => filterAst(filter, nowMs, index));
  if (filters.length === 0) return null;
  if (filters.length === 1) return filters[0] ?? null;
  return { kind: 'bool', must: [], should: [], mustNot: [], filter: filters, minimumShouldMatch: null, boost: 1 };
}

/**
 * The one place that decides which logs a search may see (ARCHITECTURE.md "The path of a search"): every
 * search, scroll, msearch and count goes through it, and the store refuses to search without its result.
 */
export async function resolveSearchScope(input: ScopeInput, lookup: AccountLookup): Promise<SearchScope> {
  const ids = input.requestedAccountIds === null ? [input.principal.accountId] : [...new Set(input.requestedAccountIds)];
  if (ids.length === 0) throw searchErrors.noAccountIds();
  // A shared token reaches its own account's logs only, whatever the account could search.
  if (input.principal.kind === 'shared-token' && ids.some((id) => id !== input.principal.accountId))
    throw searchErrors.accountNotSearchable();
  const filter = principalFilter(input.principal, input.nowMs);
  const accounts: Searched[] = [];
  for (const id of ids) {
    // The caller's own account was read with its token, in this request.
    if (id === input.principal.accountId) {
      accounts.push({ id, retentionDays: input.principal.retentionDays });
      continue;
    }
    const account = await lookup(id);
    // An unknown account and a forbidden one answer the same, so ids of other tenants cannot be probed.
    if (account === undefined || !isSearchableBy(input.principal, account)) throw searchErrors.accountNotSearchable();
    accounts.push(account);
  }
  const retentionStart = (account: Searched): number => input.nowMs - account.retentionDays * MS_PER_DAY;
  if (input.window.kind === 'retention') {
    return {
      accounts: accounts.map((a) => ({ accountId: a.id, fromMs: retentionStart(a) })),
      toMs: null,
      types: input.types,
      filter,
      requesterAccountId: input.principal.accountId,
    };
  }
  if (input.window.kind === 'range') {
    const { fromMs, toMs } = input.window;
    if (!(fromMs < toMs)) throw searchErrors.emptyRange();
    const shortest = accounts.reduce((a, b) => (b.retentionDays < a.retentionDays ? b : a));
    if (fromMs < retentionStart(shortest) - RANGE_CLOCK_GRACE_MS)
      throw searchErrors.rangeBeyondRetention(shortest.retentionDays, new Date(retentionStart(shortest)).toISOString());
    return {
      accounts: accounts.map((a) => ({ accountId: a.id, fromMs })),
      toMs,
      types: input.types,
      filter,
      requesterAccountId: input.principal.accountId,
    };
  }
  const { dayOffset } = input.window;
  const maxOffset = Math.min(...accounts.map((a) => a.retentionDays));
  if (!Number.isSafeInteger(dayOffset) || dayOffset < 0 || dayOffset > maxOffset) {
    throw searchErrors.dayOffsetOutOfRange(maxOffset);
  }
  const today = startOfUtcDay(input.nowMs);
  const fromMs = today - (1 + dayOffset) * MS_PER_DAY;
  const toMs = today + (1 - dayOffset) * MS_PER_DAY;
  return {
    accounts: accounts.map((a) => ({ accountId: a.id, fromMs: Math.max(fromMs, retentionStart(a)) })),
    toMs,
    types: input.types,
    filter,
    requesterAccountId: input.principal.accountId,
  };
}
