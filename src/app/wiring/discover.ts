import { createDiscoverService, createSearchCancels, discoverRoutes, type DiscoverService } from '../../modules/discover/index.js';
import type { SearchService } from '../../modules/search/index.js';
import type { AreaWiring, WiringContext } from './area.js';

/** The web app's Discover routes (/v1/app/…): any range within retention, cancel, surrounding logs, patterns, CSV. */
export function wireDiscover(
  ctx: WiringContext,
  deps: { readonly search: SearchService },
): AreaWiring<{ readonly discover: DiscoverService }> {
  const discover = createDiscoverService({ search: deps.search, clock: ctx.clock });
  return { services: { discover }, routes: [discoverRoutes(discover, createSearchCancels())], jobs: [] };
}
