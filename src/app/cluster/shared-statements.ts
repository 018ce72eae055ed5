import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { engineStatementsRepository, type ControlPlaneDb, type PublishedRow } from '../../storage/control-plane/index.js';
import type { AdmissionTurn, SharedAdmission, SharedKeyLoad } from '../../storage/shared-admission.js';
import { createPeriodicSync } from './periodic-sync.js';

export interface SharedStatementsOptions {
  /** How often this process publishes its statements and reads the others'. */
  readonly intervalMs?: number;
  /** A process that has not published for this long is taken for dead: its statements stop counting. */
  readonly staleAfterMs?: number;
}

// Admission keys go to a text column: the background lane's key starts with a NUL, which PostgreSQL text refuses.
const encodeKey = (key: string): string => encodeURIComponent(key);
const decodeKey = (key: string): string => decodeURIComponent(key);

/** A process's place in the queue for slots: its waiting key served least recently (never first, ties by key). */
type Place = readonly [servedAt: number, key: string, processId: string];
const before = (a: Place, b: Place): boolean => a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
function placeOf(processId: string, byKey: Iterable<readonly [string, SharedKeyLoad]>): Place | undefined {
  let best: Place | undefined;
  for (const [key, load] of byKey) {
    if (load.waitingForSlot === 0) continue;
    const place: Place = [load.servedAt ?? -Infinity, key, processId];
    if (best === undefined || before(place, best)) best = place;
  }
  return best;
}

/** Per key, the other processes' counts summed and the latest time any served it; and who waits before this one. */
function readOthers(rows: readonly PublishedRow[], own: Place | undefined): { byKey: Map<string, SharedKeyLoad>; turn: AdmissionTurn } {
  const byKey = new Map<string, SharedKeyLoad>();
  const perProcess = new Map<string, [string, SharedKeyLoad][]>();
  for (const row of rows) {
    const key = decodeKey(row.key);
    const load: SharedKeyLoad = {
      running: row.running,
      waitingForSlot: row.waitingForSlot,
      ...(row.servedAt === undefined ? {} : { servedAt: row.servedAt }),
    };
    const sum = byKey.get(key);
    const servedAt = Math.max(sum?.servedAt ?? -Infinity, load.servedAt ?? -Infinity);
    byKey.set(key, {
      running: (sum?.running ?? 0) + load.running,
      waitingForSlot: (sum?.waitingForSlot ?? 0) + load.waitingForSlot,
      ...(servedAt === -Infinity ? {} : { servedAt }),
    });
    const list = perProcess.get(row.processId) ?? [];
    list.push([key, load]);
    perProcess.set(row.processId, list);
  }
  let processes = 1;
  let place = 0;
  for (const [processId, keys] of perProcess) {
    const theirs = placeOf(processId, keys);
    if (theirs === undefined) continue;
    processes += 1;
    // Not waiting at the read, this process counts as the last: it takes what the others leave.
    if (own === undefined || before(theirs, own)) place += 1;
  }
  return { byKey, turn: { processes, place } };
}

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
  const alone: AdmissionTurn = { processes: 1, place: 0 };
  let turn = alone;
  let lastReadAt = -Infinity;
  let published = false;
  let failing = false;
  let stopped = false;

  async function tick(): Promise<void> {
    if (stopped) return;
    const now = deps.clock.now();
    try {
      const held = own();
      const mine = new Map([...held].map(([key, load]) => [encodeKey(key), load]));
      // Nothing to say twice: an idle process publishes once (its rows go) and then only reads.
      if (mine.size > 0 || published) {
        await engineStatementsRepository.publish(deps.db, processId, mine, now);
        published = mine.size > 0;
      }
      const rows = await engineStatementsRepository.othersSince(deps.db, processId, now - staleAfterMs);
      ({ byKey: others, turn } = readOthers(rows, placeOf(processId, held)));
      lastReadAt = now;
      if (failing) deps.logger.info('sharing engine statement counts again');
      failing = false;
    } catch (error) {
      if (!failing) deps.logger.warn({ err: error }, 'could not share engine statement counts; admitting on the last counts read');
      failing = true;
      // Counts older than a dead process's are not kept: a control plane that stays away must not hold slots.
      if (now - lastReadAt > staleAfterMs) {
        others = new Map();
        turn = alone;
      }
    }
    changed();
  }

  const loop = createPeriodicSync(intervalMs, tick);
  const admission: SharedAdmission = {
    wallNow: () => deps.clock.now(),
    others: () => others,
    turn: () => turn,
    attach(ownLoad, onChange) {
      own = ownLoad;
      changed = onChange;
    },
  };
  return {
    admission,
    start: loop.start,
    /** Runs one publication and read now (tests). */
    sync: loop.sync,
    async stop(): Promise<void> {
      await loop.stop();
      stopped = true;
      // Statements still asked while the store closes are admitted on this process's counts alone.
      others = new Map();
      turn = alone;
      changed();
      await engineStatementsRepository.remove(deps.db, processId).catch(() => undefined);
    },
  };
}
