/**
 * Admission of interactive searches, fair between accounts: at most `slots` run at once and one account holds at
 * most `perKey` of them, so a slot is always left for the others; waiting work is taken from the account served
 * least recently, so an account's searches queue behind its own and never behind another account's
 * backlog (issue 15: one account's 20,000-OR query no longer delays everyone's one-row search).
 */
export interface FairQueue {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export interface FairQueueOptions {
  readonly slots: number;
  readonly perKey: number;
}

interface KeyState {
  running: number;
  /** When this account was last given a slot (a counter), so the least recently served goes first. */
  lastServed: number;
  readonly waiting: (() => void)[];
}

export function createFairQueue(options: FairQueueOptions): FairQueue {
  const slots = Math.max(1, options.slots);
  const perKey = Math.max(1, Math.min(options.perKey, slots));
  const states = new Map<string, KeyState>();
  let running = 0;
  let served = 0;

  const stateOf = (key: string): KeyState => {
    let state = states.get(key);
    if (state === undefined) {
      state = { running: 0, lastServed: -1, waiting: [] };
      states.set(key, state);
    }
    return state;
  };

  const take = (state: KeyState): void => {
    state.running += 1;
    state.lastServed = served++;
    running += 1;
  };

  function admitNext(): void {
    while (running < slots) {
      let next: KeyState | undefined;
      for (const state of states.values())
        if (state.waiting.length > 0 && state.running < perKey && (next === undefined || state.lastServed < next.lastServed)) next = state;
      const start = next?.waiting.shift();
      if (next === undefined || start === undefined) return;
      take(next);
      start();
    }
  }

  function release(key: string): void {
    const state = stateOf(key);
    state.running -= 1;
    running -= 1;
    admitNext();
    if (state.running === 0 && state.waiting.length === 0) states.delete(key);
  }

  return {
    async run(key, work) {
      const state = stateOf(key);
      if (running < slots && state.running < perKey && state.waiting.length === 0) take(state);
      else await new Promise<void>((resolve) => state.waiting.push(resolve));
      try {
        return await work();
      } finally {
        release(key);
      }
    },
  };
}
