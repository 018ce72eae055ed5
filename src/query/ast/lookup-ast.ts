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
 * Resolves a list reference (its GUID or its name) into the members live at `nowMs`, looking in `accountIds` in
 * order: the first account holding a list of that id (or, failing that, of that name) wins. Rejects with an
 * AppError invalid_argument naming the reference when none has it. Whoever runs a query passes the accounts whose
 * lists it may name: a search or an alert its own account; a security rule the Logs accounts it scans.
 */
export interface LookupResolver {
  resolve(accountIds: readonly number[], reference: string, nowMs: number): Promise<LookupMembers>;
}
