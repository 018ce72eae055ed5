/**
 * Interactive searches first: background work (alert evaluation) holds each statement back while interactive
 * searches are running, up to `maxWaitMs`, so under a steady stream of searches it still gets a bounded share of
 * the engine (decision 0129). The engine's own `priority` pauses a running background statement only between
 * blocks; planning a large statement is not paused, hence this gate in front of it.
 */
export interface ForegroundGate {
  /** Runs interactive work; background statements wait while any is in flight. */
  interactive<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when no interactive work is in flight, or after `maxWaitMs`. */
  backgroundTurn(): Promise<void>;
}

export function createForegroundGate(maxWaitMs: number): ForegroundGate {
  let active = 0;
  let waiting: (() => void)[] = [];
  const release = (): void => {
    const resume = waiting;
    waiting = [];
    for (const go of resume) go();
  };
  return {
    async interactive(work) {
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        if (active === 0) release();
      }
    },
    backgroundTurn() {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(go, maxWaitMs);
        function go(): void {
          clearTimeout(timer);
          waiting = waiting.filter((entry) => entry !== go);
          resolve();
        }
        waiting.push(go);
      });
    },
  };
}
