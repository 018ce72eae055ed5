import { monotonicNow } from '../../../shared/clock.js';
import { createFairQueue } from '../fair-queue.js';
import type { ClickHouseTransport, EngineShares, QuerySettings } from '../transport.js';
import type { LaneLoad, StatementLane, StatementObserver } from '../../engine-stats.js';
import type { SearchScope } from '../../log-searcher.js';
import type { SharedAdmission } from '../../shared-admission.js';
import { failedStatementOutcome } from './engine-error.js';
import { createForegroundGate } from './foreground-gate.js';

type Row = Record<string, unknown>;
/** Runs one statement, with settings of its own on top of the work's. */
export type Run = (sql: string, settings?: QuerySettings) => Promise<Row[]>;

/**
 * Who asks: background work nobody waits on, or an interactive search in the share of the account that asked;
 * aborting its `signal` (the person left or cancelled) stops its statements and frees their slots.
 */
export type Lane = { readonly background: true } | { readonly background: false; readonly share: string; readonly signal?: AbortSignal };

/** Runs work (a search, a batch of detection questions) with the statement runner its lane gives. */
export type PrioritisedRuns = <T>(lane: Lane, work: (run: Run) => Promise<T>) => Promise<T>;

/** The lane of a search over `scope`: its share of the engine is the requesting account's. */
export function laneOf(scope: SearchScope, background: boolean | undefined, signal?: AbortSignal): Lane {
  if (background === true) return { background: true };
  const share = String(scope.requesterAccountId ?? scope.accounts[0]?.accountId ?? 0);
  return signal === undefined ? { background: false, share } : { background: false, share, signal };
}

/**
 * How the engine is shared (transport.ts EngineShares). Memory: interactive statements together may use `interactiveMemoryShare` of the
 * engine's budget (split over the statements that can run at once) and a background statement
 * `backgroundMemoryShare`, so neither can make the other fail at the engine-wide limit; ingest keeps the rest.
 */
const INTERACTIVE_MEMORY_SHARE = 0.6;
const BACKGROUND_MEMORY_SHARE = 0.25;

/** Per-statement settings of each lane (exported for the budget test). */
export function laneSettings(shares: EngineShares): { readonly interactive: QuerySettings; readonly background: QuerySettings } {
  const interactiveBytes = Math.trunc((shares.memoryBytes * INTERACTIVE_MEMORY_SHARE) / Math.max(1, shares.slots));
  const backgroundBytes = Math.trunc(shares.memoryBytes * BACKGROUND_MEMORY_SHARE);
  // A big GROUP BY or ORDER BY spills to disk at half its budget instead of failing.
  const spill = (bytes: number): QuerySettings => ({
    max_memory_usage: bytes,
    max_bytes_before_external_group_by: Math.trunc(bytes / 2),
    max_bytes_before_external_sort: Math.trunc(bytes / 2),
  });
  return {
    interactive: { ...spill(interactiveBytes), ...INTERACTIVE_SETTINGS },
    background: { ...spill(backgroundBytes), ...BACKGROUND_SETTINGS },
  };
}

/**
 * Interactive searches outrank background ones (alert evaluation): while one runs, the engine pauses the others
 * between blocks (`priority`, lower is first), and background statements use one thread, leaving a core free.
 */
const INTERACTIVE_SETTINGS = { priority: 1 } as const;
/**
 * An account that kept the engine busy lately (fair-queue.ts tiers) searches at a lower priority and on fewer
 * threads: the engine pauses its statements between blocks while a light account's run, and leaves cores free.
 */
const TIER_SETTINGS: readonly QuerySettings[] = [{}, { priority: 2, max_threads: 2 }, { priority: 3, max_threads: 1 }];
const BACKGROUND_SETTINGS = { priority: 10, max_threads: 1 } as const;
/** Background statements wait for interactive searches at most this long. */
const BACKGROUND_MAX_WAIT_MS = 40;
/**
 * The share of the time background work takes while searches keep coming (decision 0359): a quarter for the first
 * 2 s of a run (most detection cycles are done by then, and most searches meet an idle engine), then growing to all
 * of it by 7 s, so that a long cycle's windows are still judged well inside the 10 s lag bar.
 */
export function backgroundShare(runningForMs: number): number {
  const young = 2000;
  const full = 7000;
  if (runningForMs <= young) return 0.25;
  return Math.min(1, 0.25 + (0.75 * (runningForMs - young)) / (full - young));
}
/** A pause in background work this long ends its run (cycles start a minute apart; batches follow each other). */
const BACKGROUND_RUN_GAP_MS = 1000;

/** The fair queue's key of background work: it takes its turns like one more account. */
const BACKGROUND_SHARE_KEY = '\u0000background';

/** The store's admission of statements: the runner of each lane, and what it holds now (for /metrics). */
export interface StatementAdmission {
  readonly runs: PrioritisedRuns;
  load(): Readonly<Record<StatementLane, LaneLoad>>;
}

/**
 * One gate per store: every search and every detection question goes through it. Each statement is admitted by a
 * fair queue (fair-queue.ts) keyed by the account that asked — one account holds at most all but one of the
 * engine's slots, waiting statements go to the least recently served account, and an account that kept the
 * engine busy lately runs at a lower priority on fewer threads — so another account's search is never queued
 * behind a flood it did not send. `observer` is told of each statement admitted (how long it waited, the gate in
 * front of background work included) and how it ended. With `shared` (a cluster of processes on one ClickHouse,
 * decision 0740) the fair queue's slots and per-account share count the other processes' statements too, as they
 * last published them; without it (the embedded engine) admission never leaves the process.
 */
export function createStatementAdmission(
  transport: ClickHouseTransport,
  observer?: StatementObserver,
  shared?: SharedAdmission,
): StatementAdmission {
  const { shares } = transport;
  const gate = createForegroundGate({
    maxWaitMs: BACKGROUND_MAX_WAIT_MS,
    share: backgroundShare,
    runGapMs: BACKGROUND_RUN_GAP_MS,
    recentMs: 1000,
    now: monotonicNow,
  });
  const fair = createFairQueue({
    slots: shares.slots,
    perKey: shares.slots - 1,
    now: monotonicNow,
    yielding: [BACKGROUND_SHARE_KEY],
    ...(shared === undefined ? {} : { cluster: shared }),
  });
  shared?.attach(
    () => fair.shared(),
    () => fair.recheck(),
  );
  const lanes = laneSettings(shares);
  /** Background statements the gate holds (not yet in the fair queue). */
  let atGate = 0;
  /** The statement, timed and reported from its admission; `asked` is when it was asked (monotonic ms). */
  const admitted = (lane: StatementLane, asked: number, statement: () => Promise<Row[]>) => async (): Promise<Row[]> => {
    const started = monotonicNow();
    observer?.admitted(lane, started - asked);
    try {
      const rows = await statement();
      observer?.finished(lane, 'ok', monotonicNow() - started);
      return rows;
    } catch (error) {
      observer?.finished(lane, failedStatementOutcome(error), monotonicNow() - started);
      throw error;
    }
  };
  const runs: PrioritisedRuns = (lane, work) => {
    if (lane.background)
      return work((sql, settings) => {
        const asked = monotonicNow();
        atGate += 1;
        let held = true;
        const leaveGate = (): void => {
          if (held) atGate -= 1;
          held = false;
        };
        return gate
          .background(() => {
            leaveGate();
            return fair.run(
              BACKGROUND_SHARE_KEY,
              admitted('background', asked, () => transport.query<Row>(sql, { ...settings, ...lanes.background })),
            );
          })
          .finally(leaveGate);
      });
    return gate.interactive(() =>
      work((sql, settings) => {
        const asked = monotonicNow();
        return fair.run(
          lane.share,
          (tier) =>
            admitted('interactive', asked, () =>
              transport.query<Row>(sql, { ...settings, ...lanes.interactive, ...TIER_SETTINGS[tier] }, { signal: lane.signal }),
            )(),
          lane.signal,
        );
      }),
    );
  };
  return {
    runs,
    load() {
      const { running, waiting, byKey } = fair.stats();
      const background = byKey.get(BACKGROUND_SHARE_KEY) ?? { running: 0, waiting: 0 };
      return {
        interactive: { running: running - background.running, waiting: waiting - background.waiting },
        background: { running: background.running, waiting: background.waiting + atGate },
      };
    },
  };
}

/** The runner of each lane, unobserved (tests, and executors made without a store). */
export function createPrioritisedRuns(transport: ClickHouseTransport): PrioritisedRuns {
  return createStatementAdmission(transport).runs;
}
