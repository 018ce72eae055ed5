/** A counting semaphore: at most `permits` holders at once, the rest wait in arrival order. */
export interface Semaphore {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSemaphore(permits: number): Semaphore {
  let available = permits;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) available += 1;
    else next();
  };
  return {
    async run(task) {
      if (available > 0) available -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
