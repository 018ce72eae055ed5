import { StatementCancelledError } from './transport.js';

/** A counting semaphore: at most `permits` holders at once, the rest wait in arrival order. */
export interface Semaphore {
  /** Runs `task` when a permit is free; aborting `signal` while it waits leaves the queue at once (rejected). */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createSemaphore(permits: number): Semaphore {
  let available = permits;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) available += 1;
    else next();
  };
  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted === true) return Promise.reject(new StatementCancelledError());
    if (available > 0) {
      available -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = waiting.indexOf(start);
        if (at >= 0) waiting.splice(at, 1);
        reject(new StatementCancelledError());
      };
      function start(): void {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      waiting.push(start);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };
  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
