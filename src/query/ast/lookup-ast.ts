/**
 * Lookup lists inside queries (decision 0451). A parser writes the list as named (`members` null); before the
 * store compiles the query, `resolveLookups` (src/query/request/resolve-lookups.ts) fills in the list's live
 * members through a LookupResolver, so the compiler turns them into SQL membership and never does I/O itself.
 */

/** The members of a lookup list that match at one instant (expired elements left out). */
export interface LookupMembers {
  /** GUID of the list the reference resolved to. */
  readonly listId: string;
  /** Values compared whole with the field's values (bare IPs included). */
  readonly values: readonly string[];
  /** CIDR ranges (`10.0.0.0/8`, `fd00::/8`): an IP value of the field inside one matches. */
  readonly networks: readonly string[];
}

/**
 * Resolves a list reference (its GUID or its name) of a query run for `accountId` into the members live at `nowMs`.
 * Rejects with an AppError invalid_argument naming the reference when the account has no such list. Whoever runs
 * a query (search, alerts, security rules) passes the account whose lists the query may name.
 */
export interface LookupResolver {
  resolve(accountId: number, reference: string, nowMs: number): Promise<LookupMembers>;
}
