/**
 * The loop of a process sharing its counts through the control plane (decisions 0721, 0740): `tick` every
 * `intervalMs`, never two at once (a slow round trip delays the next instead of piling up), without keeping the
 * process alive; `sync` runs one now (tests); `stop` ends the loop once the running tick is done.
 */
export interface PeriodicSync {
  start(): void;
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export function createPeriodicSync(intervalMs: number, tick: () => Promise<void>): PeriodicSync {
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();
  const next = (): Promise<void> => (ticking = ticking.then(tick));
  return {
    start(): void {
      timer = setInterval(() => void next(), intervalMs);
      timer.unref();
    },
    sync: next,
    async stop(): Promise<void> {
      if (timer !== undefined) clearInterval(timer);
      await ticking;
    },
  };
}
