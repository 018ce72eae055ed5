import type { Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { scrollRepository } from './scroll-repository.js';
import { newScrollId, type ScrollStore } from './scroll-store.js';

/** How often opening a scroll also deletes the expired ones. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Scrolls in the control plane: any api process continues a scroll another opened, and a restart loses none
 * (issue 51). One read and one write per page, against a search that costs far more.
 */
export function createControlPlaneScrollStore(db: ControlPlaneDb, clock: Clock): ScrollStore {
  let lastSweepMs = 0;
  return {
    async open(context) {
      const now = clock.now();
      if (now - lastSweepMs >= SWEEP_INTERVAL_MS) {
        lastSweepMs = now;
        await scrollRepository.deleteExpired(db, now);
      }
      const id = newScrollId();
      await scrollRepository.insert(db, id, { ...context, expiresAtMs: now + context.keepAliveMs });
      return id;
    },
    async get(scrollId, owner) {
      const context = await scrollRepository.get(db, scrollId);
      if (context === undefined || context.expiresAtMs <= clock.now() || context.owner !== owner) return undefined;
      return context;
    },
    save: (scrollId, context) => scrollRepository.update(db, scrollId, context),
    delete: (scrollId, owner) => scrollRepository.delete(db, scrollId, owner),
  };
}
