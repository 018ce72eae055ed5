import { createDropFilterService, createDropFilterView, dropFilterRoutes, type DropFilterView } from '../../modules/drop-filters/index.js';
import type { AreaWiring, WiringContext } from './area.js';

/** The longest a drop-filter change made through another process goes unseen by a listener (decision 0690). */
export const DROP_FILTER_REFRESH_MS = 1_000;
const DROP_COUNT_FLUSH_MS = 1_000;

/**
 * Drop filters (decision 0690): their API, and the view each ingest process applies before logs are stored or
 * counted (passed to the ingest area as its drop-filter port).
 */
export function wireDropFilters(ctx: WiringContext): AreaWiring<{ readonly view: DropFilterView }> {
  const { db, clock, logger } = ctx;
  const view = createDropFilterView({ db, clock, logger, refreshMs: DROP_FILTER_REFRESH_MS, flushIntervalMs: DROP_COUNT_FLUSH_MS });
  const service = createDropFilterService({ db, clock, changed: view.invalidate, flushCounts: view.flush });
  return { services: { view }, routes: [dropFilterRoutes(service)], jobs: [] };
}
