import type { Clock } from '../../shared/clock.js';

export interface ThrottleLimits {
  /** Failures allowed within `windowMs` before further attempts are refused. */
  readonly maxFailures: number;
  readonly windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

/**
 * Counts failed sign-ins per key (the e-mail, and the client address) in memory: a guesser is held back at
 * the process that answers it (decision 0521). A success clears the e-mail's count.
 */
export function createSignInThrottle(clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE) {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = clock.now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  return {
    /** Seconds until the key may try again, or 0 when it may try now. */
    retryAfterSeconds(keys: readonly string[]): number {
      let wait = 0;
      for (const key of keys) {
        const kept = recent(key);
        if (kept.length >= limits.maxFailures) {
          const oldest = kept[kept.length - limits.maxFailures] ?? clock.now();
          wait = Math.max(wait, Math.ceil((oldest + limits.windowMs - clock.now()) / 1000));
        }
      }
      return wait;
    },
    recordFailure(keys: readonly string[]): void {
      for (const key of keys) failures.set(key, [...recent(key), clock.now()]);
      // Bounded memory under a spray of addresses: forget the oldest keys.
      while (failures.size > 100_000) {
        const first = failures.keys().next().value;
        if (first === undefined) break;
        failures.delete(first);
      }
    },
    clear(key: string): void {
      failures.delete(key);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
