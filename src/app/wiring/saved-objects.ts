import { createSavedObjectService, kibanaRoutes, savedObjectRoutes, type SavedObjectService } from '../../modules/saved-objects/index.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface SavedObjectServices {
  readonly savedObjects: SavedObjectService;
}

/** Saved searches, visualizations and dashboards: the web app's API and Logz.io's export, import and delete. */
export function wireSavedObjects(
  ctx: WiringContext,
  deps: { readonly actorOf: (principal: Principal) => Promise<Actor> },
): AreaWiring<SavedObjectServices> {
  const savedObjects = createSavedObjectService({ db: ctx.db, clock: ctx.clock, actorOf: deps.actorOf });
  return { services: { savedObjects }, routes: [savedObjectRoutes(savedObjects), kibanaRoutes(savedObjects)], jobs: [] };
}
