/**
 * 5xx answers the fuzz found that are known defects being fixed elsewhere: each names its issue, so the suite stays
 * green while the fix lands and the entry is deleted with it. An entry matches on method, route and mutation.
 */
export interface KnownDefect {
  readonly issue: number;
  readonly method: string;
  /** The route as the OpenAPI document spells it, e.g. `/v1/search`. */
  readonly route: string;
  /** The mutation that provokes it ('valid' for a valid body), or undefined for any. */
  readonly mutation?: string;
  readonly reason: string;
}

export const KNOWN_DEFECTS: readonly KnownDefect[] = [];

export function knownDefect(method: string, route: string, mutation: string): KnownDefect | undefined {
  return KNOWN_DEFECTS.find(
    (entry) => entry.method === method && entry.route === route && (entry.mutation === undefined || entry.mutation === mutation),
  );
}
