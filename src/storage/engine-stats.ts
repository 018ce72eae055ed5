/**
 * What the log store tells about the engine's load (issue 51 item 4), for /metrics: the statements its admission
 * holds by lane, and the memory the engine tracks. No engine types: the lanes and outcomes are the port's words.
 */

/** Who asked: a person's interactive search, or background work nobody waits on (detection, word counts). */
export type StatementLane = 'interactive' | 'background';
export const STATEMENT_LANES: readonly StatementLane[] = ['interactive', 'background'];

/** How an admitted statement ended: `cancelled` is a stop its asker wanted (left, cancelled), not a failure. */
export type StatementOutcome = 'ok' | 'error' | 'cancelled' | 'timed_out';
export const STATEMENT_OUTCOMES: readonly StatementOutcome[] = ['ok', 'error', 'cancelled', 'timed_out'];

export interface LaneLoad {
  /** Statements running in the engine now. */
  readonly running: number;
  /** Statements asked and not yet admitted (the fair queue, and for background work the gate in front of it). */
  readonly waiting: number;
}

/** Told of every statement the store's admission handles, as it happens (the composition root makes it metrics). */
export interface StatementObserver {
  admitted(lane: StatementLane, waitedMs: number): void;
  finished(lane: StatementLane, outcome: StatementOutcome, durationMs: number): void;
}

export interface EngineStats {
  statementLoad(): Readonly<Record<StatementLane, LaneLoad>>;
  /**
   * Bytes the engine tracks now (ClickHouse's MemoryTracking), read on a connection of its own so that busy search
   * slots do not delay it; `undefined` when the engine did not answer within `boundMs` or failed. Never rejects.
   */
  engineMemoryBytes(boundMs: number): Promise<number | undefined>;
}
