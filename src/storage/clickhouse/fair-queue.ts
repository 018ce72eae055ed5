import type { ClusterAdmissionView, SharedKeyLoad } from '../shared-admission.js';
import { StatementCancelledError } from './transport.js';

/**
 * Admission of interactive searches, fair between accounts: at most `slots` run at once and one account holds at
 * most `perKey` of them, so a slot is always left for the others; waiting work is taken from the account served
 * least recently, so an account's searches queue behind its own and never behind another account's
 * backlog (issue 15: one account's 20,000-OR query no longer delays everyone's one-row search).
 */
export interface FairQueue {
  /**
   * Runs `work` when the account's turn comes. `tier` says how much of the engine the account used lately: 0 for
   * light use, up to 2 for an account keeping the engine busy — the caller gives such work a lower engine priority
   * and fewer threads, so a light account's search meets a nearly idle engine even while a heavy one runs.
   * Aborting `signal` while the work waits takes it out of the queue at once (StatementCancelledError); once it
   * runs, stopping it is the work's own business (the transport kills the statement), and its slot is free when
   * it settles.
   */
  run<T>(key: string, work: (tier: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Work running and waiting now, in all and by key (keys with neither are absent): what /metrics reports. */
  stats(): FairQueueStats;
  /** What this queue holds per key, for the other processes of a cluster to count (keys with nothing are absent). */
  shared(): ReadonlyMap<string, SharedKeyLoad>;
  /** Admits what the cluster's counts now allow: to be called when the other processes' counts changed. */
  recheck(): void;
}

export interface FairQueueLoad {
  readonly running: number;
  readonly waiting: number;
}

export interface FairQueueStats extends FairQueueLoad {
  readonly byKey: ReadonlyMap<string, FairQueueLoad>;
}

export interface FairQueueOptions {
  readonly slots: number;
  readonly perKey: number;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  /**
   * Keys whose work already yields to everyone's (background work at a lower engine priority): their activity does
   * not count as competition, so it never lowers an account's tier — that would slow the search to speed the work
   * that is meant to wait for it.
   */
  readonly yielding?: readonly string[];
  /**
   * The same queue on the other processes sharing the engine (decision 0740): `slots` and `perKey` count their
   * running work too, a free slot goes first to a key of theirs waiting for one that was served less recently
   * than any of ours, and processes waiting at the same read split the slots then free (`recheck` reads them).
   * Absent (one process, the embedded engine), the queue counts only its own work.
   */
  readonly cluster?: ClusterAdmissionView;
}

/** Another account active this recently (ms) still counts as competing: searches come one after another. */
const RECENTLY_ACTIVE_MS = 2_000;
/** Engine time an account used lately decays with this time constant. */
const USAGE_DECAY_MS = 10_000;
/**
 * The first this-many ms of each statement are not charged: an account paging through results back to back keeps the
 * engine as busy as one running a single multi-second statement, but only the long statements crowd other accounts
 * out (a quick one is done before the next search arrives). Charged alike, a victim searching in a loop fell into the
 * top tier beside its attacker and ran on one thread at its priority (bench:noisy-neighbour, decision 0358).
 */
const QUICK_STATEMENT_MS = 100;
/** Recent engine time (ms, decayed) from which an account's work is tier 1, and tier 2. */
const TIER_THRESHOLDS_MS = [1_000, 5_000] as const;

interface Usage {
  ms: number;
  at: number;
}

interface KeyState {
  running: number;
  /** When this account was last given a slot (a counter), so the least recently served goes first. */
  lastServed: number;
  /** The same on the cluster's wall clock, for other processes to order it among theirs. */
  servedAt: number | undefined;
  readonly waiting: (() => void)[];
}

export function createFairQueue(options: FairQueueOptions): FairQueue {
  const slots = Math.max(1, options.slots);
  const perKey = Math.max(1, Math.min(options.perKey, slots));
  const states = new Map<string, KeyState>();
  const usage = new Map<string, Usage>();
  let running = 0;
  let served = 0;

  const decayed = (entry: Usage, at: number): number => entry.ms * Math.exp(-(at - entry.at) / USAGE_DECAY_MS);
  const tierOf = (key: string): number => {
    const entry = usage.get(key);
    const recent = entry === undefined ? 0 : decayed(entry, options.now());
    return TIER_THRESHOLDS_MS.filter((threshold) => recent >= threshold).length;
  };
  /**
   * Tiers apply only while another account has work running or waiting, or had some in the last 2 s: an account
   * alone on the engine gets all of it (a user paging through results back to back must not be slowed by nobody).
   */
  const lastActive = new Map<string, number>();
  const yielding = new Set(options.yielding ?? []);
  const competes = (other: string, key: string): boolean => other !== key && !yielding.has(other);
  const contended = (key: string): boolean => {
    for (const [other, state] of states) if (competes(other, key) && (state.running > 0 || state.waiting.length > 0)) return true;
    // Another process's accounts compete for the same engine.
    for (const [other, load] of options.cluster?.others() ?? [])
      if (competes(other, key) && (load.running > 0 || load.waitingForSlot > 0)) return true;
    const now = options.now();
    for (const [other, at] of lastActive) {
      if (now - at > RECENTLY_ACTIVE_MS) lastActive.delete(other);
      else if (competes(other, key)) return true;
    }
    return false;
  };
  const tierNow = (key: string): number => (contended(key) ? tierOf(key) : 0);
  // An account in a higher tier holds fewer slots at once: one in the top tier, so on a small machine a heavy
  // account's statements leave the other cores to everyone else.
  const limitNow = (key: string): number => [perKey, Math.max(1, perKey - 1), 1][tierNow(key)] ?? 1;
  const charge = (key: string, ms: number): void => {
    const at = options.now();
    const entry = usage.get(key);
    const recent = (entry === undefined ? 0 : decayed(entry, at)) + ms;
    // Forget accounts whose usage has decayed to nothing, so the map holds only recently active ones.
    if (recent < 1) usage.delete(key);
    else usage.set(key, { ms: recent, at });
    if (usage.size > 10_000) for (const [name, old] of usage) if (decayed(old, at) < TIER_THRESHOLDS_MS[0]) usage.delete(name);
  };

  const stateOf = (key: string): KeyState => {
    let state = states.get(key);
    if (state === undefined) {
      state = { running: 0, lastServed: -1, servedAt: undefined, waiting: [] };
      states.set(key, state);
    }
    return state;
  };

  const take = (state: KeyState): void => {
    state.running += 1;
    state.lastServed = served++;
    state.servedAt = options.cluster?.wallNow();
    running += 1;
  };

  const none: ReadonlyMap<string, SharedKeyLoad> = new Map();
  /** The other processes' work, read once per admission decision. */
  const othersNow = (): ReadonlyMap<string, SharedKeyLoad> => options.cluster?.others() ?? none;
  const othersRunning = (others: ReadonlyMap<string, SharedKeyLoad>): number => {
    let sum = 0;
    for (const load of others.values()) sum += load.running;
    return sum;
  };
  /** When the key was last served anywhere in the cluster (-Infinity: never, or no cluster). */
  const clusterServedAt = (key: string, state: KeyState, others: ReadonlyMap<string, SharedKeyLoad>): number =>
    Math.max(state.servedAt ?? -Infinity, others.get(key)?.servedAt ?? -Infinity);
  /** Least recently served first: over the cluster where there is one, then by this queue's own order. */
  const servedEarlier = (
    key: string,
    state: KeyState,
    than: string,
    other: KeyState,
    others: ReadonlyMap<string, SharedKeyLoad>,
  ): boolean => {
    const mine = clusterServedAt(key, state, others);
    const theirs = clusterServedAt(than, other, others);
    return mine < theirs || (mine === theirs && state.lastServed < other.lastServed);
  };
  /** Under its own limit, counting the key's work on the other processes too. */
  const underLimit = (key: string, state: KeyState, others: ReadonlyMap<string, SharedKeyLoad>): boolean =>
    state.running + (others.get(key)?.running ?? 0) < limitNow(key);
  /**
   * Keys of the other processes waiting for a slot that are served before `key` in the cluster's least recently
   * served order (never served first, then the oldest, ties by key so every process sees the same order), and
   * that a slot would start: each keeps one free slot from `key`. The order is as fresh as the last publication.
   */
  const servedBefore = (key: string, state: KeyState, others: ReadonlyMap<string, SharedKeyLoad>): number => {
    let count = 0;
    const mine = clusterServedAt(key, state, others);
    for (const [other, load] of others) {
      if (other === key || load.waitingForSlot === 0 || load.running + (states.get(other)?.running ?? 0) >= perKey) continue;
      const theirs = load.servedAt ?? -Infinity;
      if (theirs < mine || (theirs === mine && other < key)) count += 1;
    }
    return count;
  };
  /**
   * What this process may run until the next read of the others' counts: what it ran at the read plus its part of
   * the slots then free. Processes waiting at the same time split the free slots (the one whose waiting account
   * was served least recently takes the odd one), so two that find the engine idle at the same read do not both
   * fill it; a process alone gets them all. Without a cluster, or before the first read, no bound but the slots.
   */
  let ownBound = slots;
  const readTurn = (others: ReadonlyMap<string, SharedKeyLoad>): void => {
    if (options.cluster === undefined) return;
    const { processes, place } = options.cluster.turn();
    const free = Math.max(0, slots - othersRunning(others) - running);
    const among = Math.max(1, processes);
    ownBound = running + Math.floor(free / among) + (place < free % among ? 1 : 0);
  };
  /** A slot is free for `key`: on this process, and over the cluster after what the others' earlier keys need. */
  const slotFor = (key: string, state: KeyState, others: ReadonlyMap<string, SharedKeyLoad>): boolean =>
    running < slots &&
    (options.cluster === undefined || (running < ownBound && running + othersRunning(others) + servedBefore(key, state, others) < slots));

  function admitNext(): void {
    const others = othersNow();
    while (running < slots) {
      let next: KeyState | undefined;
      let nextKey = '';
      for (const [key, state] of states)
        if (
          state.waiting.length > 0 &&
          underLimit(key, state, others) &&
          (next === undefined || servedEarlier(key, state, nextKey, next, others))
        ) {
          next = state;
          nextKey = key;
        }
      if (next === undefined || !slotFor(nextKey, next, others)) return;
      const start = next.waiting.shift();
      if (start === undefined) return;
      take(next);
      start();
    }
  }

  function waitForTurn(key: string, state: KeyState, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = state.waiting.indexOf(start);
        if (at >= 0) state.waiting.splice(at, 1);
        if (state.running === 0 && state.waiting.length === 0 && states.get(key) === state) states.delete(key);
        reject(new StatementCancelledError());
      };
      function start(): void {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      state.waiting.push(start);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  function release(key: string): void {
    const state = stateOf(key);
    state.running -= 1;
    running -= 1;
    admitNext();
    if (state.running === 0 && state.waiting.length === 0) states.delete(key);
  }

  return {
    async run(key, work, signal) {
      if (signal?.aborted === true) throw new StatementCancelledError();
      lastActive.set(key, options.now());
      const state = stateOf(key);
      const others = othersNow();
      if (state.waiting.length === 0 && underLimit(key, state, others) && slotFor(key, state, others)) take(state);
      else await waitForTurn(key, state, signal);
      const started = options.now();
      try {
        return await work(tierNow(key));
      } finally {
        charge(key, Math.max(0, options.now() - started - QUICK_STATEMENT_MS));
        lastActive.set(key, options.now());
        release(key);
      }
    },
    stats() {
      const byKey = new Map<string, FairQueueLoad>();
      let waiting = 0;
      for (const [key, state] of states) {
        if (state.running === 0 && state.waiting.length === 0) continue;
        byKey.set(key, { running: state.running, waiting: state.waiting.length });
        waiting += state.waiting.length;
      }
      return { running, waiting, byKey };
    },
    shared() {
      const others = othersNow();
      const byKey = new Map<string, SharedKeyLoad>();
      for (const [key, state] of states) {
        if (state.running === 0 && state.waiting.length === 0) continue;
        const waitingForSlot = underLimit(key, state, others) ? state.waiting.length : 0;
        byKey.set(key, { running: state.running, waitingForSlot, ...(state.servedAt === undefined ? {} : { servedAt: state.servedAt }) });
      }
      return byKey;
    },
    recheck() {
      readTurn(othersNow());
      admitNext();
    },
  };
}
