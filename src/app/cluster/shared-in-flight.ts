import { randomUUID } from 'node:crypto';
import type { ClusterInFlight } from '../../http/plugins/concurrency-limit.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { inFlightRepository, type ControlPlaneDb } from '../../storage/control-plane/index.js';
import { createPeriodicSync } from './periodic-sync.js';

export interface SharedInFlightOptions {
  /** How often this process publishes its counts and reads the others'. */
  readonly intervalMs?: number;
  /** A process that has not published for this long is taken for dead: its counts stop counting. */
  readonly staleAfterMs?: number;
}

/**
 * The per-account concurrency limit across api processes (issue 51, decision 0721): each process publishes its
 * in-flight counts to the control plane every `intervalMs` and reads the others'. Admission stays a local,
 * synchronous check (no round trip per request); the limit can be passed by what other processes admitted since
 * their last publication — at most one interval's worth of requests.
 */
export function createSharedInFlight(deps: { db: ControlPlaneDb; clock: Clock; logger: Logger }, options: SharedInFlightOptions = {}) {
  const intervalMs = options.intervalMs ?? 200;
  const staleAfterMs = options.staleAfterMs ?? 3_000;
  const processId = randomUUID();
  const local = new Map<number, number>();
  let others = new Map<number, number>();
  let published = false;

  async function tick(): Promise<void> {
    const now = deps.clock.now();
    try {
      // Nothing to say twice: an idle process publishes once (its rows go) and then only reads.
      if (local.size > 0 || published) {
        // A copy: requests that start or end during the round trip must not make `published` disagree with the rows
        // written (a row left behind would count for the others until it went stale).
        const counts = new Map(local);
        await inFlightRepository.publish(deps.db, processId, counts, now);
        published = counts.size > 0;
      }
      others = await inFlightRepository.othersSince(deps.db, processId, now - staleAfterMs);
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not share in-flight request counts; counting this process only');
    }
  }

  const loop = createPeriodicSync(intervalMs, tick);
  const cluster: ClusterInFlight = { local, others: (accountId) => others.get(accountId) ?? 0 };
  return {
    cluster,
    start: loop.start,
    /** Runs one publication now (tests). */
    sync: loop.sync,
    async stop(): Promise<void> {
      await loop.stop();
      await inFlightRepository.remove(deps.db, processId).catch(() => undefined);
    },
  };
}
