import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { engineStatementsRepository, type ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { SharedAdmission, SharedKeyLoad } from '../../storage/shared-admission.js';

export interface SharedStatementsOptions {
  /** How often this process publishes its statements and reads the others'. */
  readonly intervalMs?: number;
  /** A process that has not published for this long is taken for dead: its statements stop counting. */
  readonly staleAfterMs?: number;
}

// Admission keys go to a text column: the background lane's key starts with a NUL, which PostgreSQL text refuses.
const encodeKey = (key: string): string => encodeURIComponent(key);
const decodeKey = (key: string): string => decodeURIComponent(key);

/**
 * The fair admission of engine statements across the processes on one ClickHouse (issue 51, decision 0740), as
 * the in-flight request counts are shared (shared-in-flight.ts): every `intervalMs` each process publishes what its
 * admission holds per key to the control plane and reads the others', then lets its queue admit what the new
 * counts allow. Admission stays local and synchronous (no round trip per statement); the cluster's slots can be
 * passed by what other processes admitted since their last publication, at most one interval's worth.
 */
export function createSharedStatements(deps: { db: ControlPlaneDb; clock: Clock; logger: Logger }, options: SharedStatementsOptions = {}) {
  const intervalMs = options.intervalMs ?? 200;
  const staleAfterMs = options.staleAfterMs ?? 3_000;
  const processId = randomUUID();
  let own: () => ReadonlyMap<string, SharedKeyLoad> = () => new Map();
  let changed = (): void => undefined;
  let others: ReadonlyMap<string, SharedKeyLoad> = new Map();
  let lastReadAt = -Infinity;
  let published = false;
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();

  async function tick(): Promise<void> {
    if (stopped) return;
    const now = deps.clock.now();
    try {
      const mine = new Map([...own()].map(([key, load]) => [encodeKey(key), load]));
      // Nothing to say twice: an idle process publishes once (its rows go) and then only reads.
      if (mine.size > 0 || published) {
        await engineStatementsRepository.publish(deps.db, processId, mine, now);
        published = mine.size > 0;
      }
      const read = await engineStatementsRepository.othersSince(deps.db, processId, now - staleAfterMs);
      others = new Map([...read].map(([key, load]) => [decodeKey(key), load]));
      lastReadAt = now;
      if (failing) deps.logger.info('sharing engine statement counts again');
      failing = false;
    } catch (error) {
      if (!failing) deps.logger.warn({ err: error }, 'could not share engine statement counts; admitting on the last counts read');
      failing = true;
      // Counts older than a dead process's are not kept: a control plane that stays away must not hold slots.
      if (now - lastReadAt > staleAfterMs) others = new Map();
    }
    changed();
  }

  const admission: SharedAdmission = {
    wallNow: () => deps.clock.now(),
    others: () => others,
    attach(ownLoad, onChange) {
      own = ownLoad;
      changed = onChange;
    },
  };
  return {
    admission,
    start(): void {
      timer = setInterval(() => {
        ticking = ticking.then(tick);
      }, intervalMs);
      timer.unref();
    },
    /** Runs one publication and read now (tests). */
    sync: (): Promise<void> => (ticking = ticking.then(tick)),
    async stop(): Promise<void> {
      if (timer !== undefined) clearInterval(timer);
      await ticking;
      stopped = true;
      // Statements still asked while the store closes are admitted on this process's counts alone.
      others = new Map();
      changed();
      await engineStatementsRepository.remove(deps.db, processId).catch(() => undefined);
    },
  };
}
