import {
  createLookupResolver,
  createLookupService,
  lookupRoutes,
  type LookupDependent,
  type LookupList,
  type LookupService,
} from '../../modules/lookups/index.js';
import type { LookupResolver } from '../../query/index.js';
import { expireLookupElementsJob } from '../../scheduler/jobs/expire-lookup-elements.js';
import type { AreaWiring, WiringContext } from './area.js';

/** Who may still use a list: each rule kind answers for its own rules (alerts today, security rules next). */
export type LookupDependentsSource = (accountId: number, list: LookupList, nowMs: number) => Promise<readonly LookupDependent[]>;

/** Cleanup cadence of expired elements (matching leaves them out at once; this only frees their rows). */
const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Lookup lists of Logs accounts (decision 0450): their API, the resolver searches and rules name lists through
 * (decision 0451), and the job removing expired elements.
 */
export function wireLookups(
  ctx: WiringContext,
  deps: { readonly dependents: readonly LookupDependentsSource[] },
): AreaWiring<{ readonly lookups: LookupService; readonly resolver: LookupResolver }> {
  const { db, clock, logger } = ctx;
  const lookups = createLookupService({
    db,
    clock,
    dependentsOf: async (accountId, list) =>
      (await Promise.all(deps.dependents.map((source) => source(accountId, list, clock.now())))).flat(),
  });
  return {
    services: { lookups, resolver: createLookupResolver(db) },
    routes: [lookupRoutes(lookups)],
    jobs: [expireLookupElementsJob({ removeExpired: () => lookups.removeExpired(), logger, intervalMs: EXPIRY_INTERVAL_MS })],
  };
}
