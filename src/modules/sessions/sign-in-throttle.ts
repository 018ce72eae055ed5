import type { Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { signInFailureRepository } from './sign-in-failure-repository.js';

export interface ThrottleLimits {
  /** Failures allowed within `windowMs` before further attempts are refused. */
  readonly maxFailures: number;
  readonly windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

/** Where failed sign-ins are counted: one process's memory, or the control plane every api process shares. */
export interface SignInThrottle {
  /** Seconds until the keys may try again, or 0 when they may try now. */
  retryAfterSeconds(keys: readonly string[]): Promise<number>;
  recordFailure(keys: readonly string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

function waitSeconds(failures: readonly number[], limits: ThrottleLimits, nowMs: number): number {
  if (failures.length < limits.maxFailures) return 0;
  const oldest = failures[failures.length - limits.maxFailures] ?? nowMs;
  return Math.max(0, Math.ceil((oldest + limits.windowMs - nowMs) / 1000));
}

/**
 * Counts failed sign-ins per key (the e-mail, and the client address) in memory: a guesser is held back at
 * the process that answers it (decision 0521). A success clears the e-mail's count. For tools with no api role.
 */
export function createSignInThrottle(clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE): SignInThrottle {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = clock.now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  return {
    async retryAfterSeconds(keys) {
      return Math.max(0, ...keys.map((key) => waitSeconds(recent(key), limits, clock.now())));
    },
    async recordFailure(keys) {
      for (const key of keys) failures.set(key, [...recent(key), clock.now()]);
      // Bounded memory under a spray of addresses: forget the oldest keys.
      while (failures.size > 100_000) {
        const first = failures.keys().next().value;
        if (first === undefined) break;
        failures.delete(first);
      }
    },
    async clear(key) {
      failures.delete(key);
    },
  };
}

/**
 * The same rule counted in the control plane, so N api processes allow a guesser the same 5 failures as one
 * (issue 51). Sign-ins are rare: a read and a write each is nothing beside the password hash.
 */
export function createSharedSignInThrottle(db: ControlPlaneDb, clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE): SignInThrottle {
  return {
    async retryAfterSeconds(keys) {
      const now = clock.now();
      const byKey = await signInFailureRepository.since(db, keys, now - limits.windowMs);
      return Math.max(0, ...keys.map((key) => waitSeconds(byKey.get(key) ?? [], limits, now)));
    },
    async recordFailure(keys) {
      const now = clock.now();
      await signInFailureRepository.deleteOlderThan(db, now - limits.windowMs);
      await signInFailureRepository.insert(db, keys, now);
    },
    async clear(key) {
      await signInFailureRepository.deleteKey(db, key);
    },
  };
}
