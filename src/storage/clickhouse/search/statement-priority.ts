import { monotonicNow } from '../../../shared/clock.js';
import type { ClickHouseTransport, QuerySettings } from '../transport.js';
import { createForegroundGate } from './foreground-gate.js';

type Row = Record<string, unknown>;
/** Runs one statement, with settings of its own on top of the work's. */
export type Run = (sql: string, settings?: QuerySettings) => Promise<Row[]>;

/** Runs work (a search, a batch of detection questions) with the statement runner its priority gives. */
export type PrioritisedRuns = <T>(background: boolean, work: (run: Run) => Promise<T>) => Promise<T>;

/**
 * Interactive searches outrank background ones (alert evaluation): while one runs, the engine pauses the others
 * between blocks (`priority`, lower is first), and background statements use one thread, leaving a core free.
 */
const INTERACTIVE_SETTINGS = { priority: 1 } as const;
const BACKGROUND_SETTINGS = { priority: 10, max_threads: 1 } as const;
/** Background statements wait for interactive searches at most this long, and take at most this share of the time. */
const BACKGROUND_MAX_WAIT_MS = 40;
const BACKGROUND_SHARE = 0.6;

/** One gate per store: every search and every detection question goes through it. */
export function createPrioritisedRuns(transport: ClickHouseTransport): PrioritisedRuns {
  const gate = createForegroundGate({ maxWaitMs: BACKGROUND_MAX_WAIT_MS, share: BACKGROUND_SHARE, recentMs: 1000, now: monotonicNow });
  return (background, work) => {
    if (background)
      return work((sql, settings) => gate.background(() => transport.query<Row>(sql, { ...settings, ...BACKGROUND_SETTINGS })));
    return gate.interactive(() => work((sql, settings) => transport.query<Row>(sql, { ...settings, ...INTERACTIVE_SETTINGS })));
  };
}
