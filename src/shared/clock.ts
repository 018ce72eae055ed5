/** Time is injected everywhere so that tests are deterministic. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Real elapsed milliseconds, for budgets and fairness between running work (how long a search has waited for
 * the engine). Never for a time a client or a log sees: those come from the injected Clock. A manual clock
 * stands still, and work measured on it would wait for ever.
 */
export const monotonicNow = (): number => performance.now();

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  set(epochMs: number): void;
  advance(ms: number): void;
}

export function createManualClock(startEpochMs: number): ManualClock {
  let current = startEpochMs;
  return {
    now: () => current,
    set: (epochMs) => {
      current = epochMs;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

const MS_PER_DAY = 86_400_000;

/** Start of the UTC day holding `epochMs`. */
export function startOfUtcDay(epochMs: number): number {
  return Math.floor(epochMs / MS_PER_DAY) * MS_PER_DAY;
}

export { MS_PER_DAY };
