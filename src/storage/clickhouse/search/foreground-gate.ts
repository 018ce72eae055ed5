/**
 * Interactive searches first (decision 0129). Background work (alert evaluation) runs each statement through
 * `background`: it waits while interactive searches are in flight, up to `maxWaitMs`, and while searches keep
 * coming it paces itself to at most its share of the time, so that most searches meet an idle engine. The share
 * follows how long background work has been running without a break (a detection cycle): small while the run is
 * young, larger as its windows near their deadline (decision 0359). The engine's own `priority` pauses a running
 * background statement only between blocks and not while it is planned, hence this gate in front of it. Without
 * interactive searches, background work runs back to back.
 */
export interface ForegroundGate {
  /** Runs interactive work; background statements wait while any is in flight. */
  interactive<T>(work: () => Promise<T>): Promise<T>;
  /** Runs one background statement when its turn comes. */
  background<T>(work: () => Promise<T>): Promise<T>;
}

export interface ForegroundGateOptions {
  readonly maxWaitMs: number;
  /**
   * Most of the time background statements may take while interactive searches keep coming (0–1], given how long
   * background work has been running without a break.
   */
  readonly share: (runningForMs: number) => number;
  /** Background work idle this long ends a run: the next statement starts a new one. */
  readonly runGapMs: number;
  /** Interactive work this recent counts as searches still coming. */
  readonly recentMs: number;
  readonly now: () => number;
}

export function createForegroundGate(options: ForegroundGateOptions): ForegroundGate {
  let active = 0;
  let lastInteractiveAt = Number.NEGATIVE_INFINITY;
  let notBefore = Number.NEGATIVE_INFINITY;
  let backgroundPending = 0;
  let backgroundEndedAt = Number.NEGATIVE_INFINITY;
  let runStartedAt = 0;
  let waiting: (() => void)[] = [];
  const release = (): void => {
    const resume = waiting;
    waiting = [];
    for (const go of resume) go();
  };

  function turn(): Promise<void> {
    const pause = notBefore - options.now();
    // Pacing: sit out the pause whatever happens meanwhile.
    if (pause > 0) return new Promise((resolve) => setTimeout(resolve, pause));
    if (active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(go, options.maxWaitMs);
      function go(): void {
        clearTimeout(timer);
        waiting = waiting.filter((entry) => entry !== go);
        resolve();
      }
      waiting.push(go);
    });
  }

  return {
    async interactive(work) {
      active += 1;
      lastInteractiveAt = options.now();
      try {
        return await work();
      } finally {
        active -= 1;
        lastInteractiveAt = options.now();
        if (active === 0) release();
      }
    },
    async background(work) {
      const arrived = options.now();
      if (backgroundPending === 0 && arrived - backgroundEndedAt > options.runGapMs) runStartedAt = arrived;
      backgroundPending += 1;
      try {
        await turn();
        const started = options.now();
        try {
          return await work();
        } finally {
          const ended = options.now();
          // Searches are coming: leave the engine to them for a while, in proportion to what this statement took.
          if (ended - lastInteractiveAt <= options.recentMs) {
            const share = Math.min(1, Math.max(0.01, options.share(ended - runStartedAt)));
            notBefore = ended + (ended - started) * (1 / share - 1);
          }
        }
      } finally {
        backgroundPending -= 1;
        backgroundEndedAt = options.now();
      }
    },
  };
}
