import type { AppError } from '../shared/app-error.js';
import { MS_PER_DAY, startOfUtcDay, type Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { ingestErrors } from './ingest-errors.js';
import type { IngestAccount } from './shipping-accounts.js';

/** One GB of the daily cap: 2^30 bytes (docs/decisions/0142-daily-cap.md). */
export const BYTES_PER_GB = 1024 ** 3;

export interface UsageStore {
  record(deltas: readonly { accountId: number; day: number; acceptedBytes: number; refusedBytes: number }[]): Promise<void>;
  /** Hands `want` bytes of the day's cap to this process, or at least `need`, or 0; all processes' grants stay within the cap. */
  grant(request: { accountId: number; day: number; want: number; need: number; capBytes: number }): Promise<number>;
  returnGrant(accountId: number, day: number, bytes: number): Promise<void>;
}

export interface DailyQuotaDeps {
  readonly usage: UsageStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How often counted bytes are written to the control plane. */
  readonly flushIntervalMs?: number;
}

/** Bytes held for a request until its logs are durable: committed on success, released on failure. */
export interface Admission {
  commit(): void;
  release(): void;
}

interface AccountDay {
  readonly accountId: number;
  readonly day: number;
  /** Bytes granted to this process and not yet held by a request. */
  budget: number;
  /** Grant requests of one account run one at a time. */
  granting: Promise<void>;
}

/**
 * How much more than a request needs a process asks for: 1 % of the cap (4 KiB to 16 MiB), so a busy listener asks
 * the control plane about once per 1 % of the cap, and what a process holds unused (refused elsewhere although the
 * cap is not reached, until it stops and gives it back) is at most that much.
 */
export function grantChunkBytes(capBytes: number): number {
  return Math.min(16 * 1024 * 1024, Math.max(4096, Math.floor(capBytes / 100)));
}

export type DailyQuota = ReturnType<typeof createDailyQuota>;

function capExceeded(account: IngestAccount, nowMs: number): AppError {
  const resetsAtMs = startOfUtcDay(nowMs) + MS_PER_DAY;
  const resetsAt = new Date(resetsAtMs).toISOString();
  return ingestErrors.dailyCapReached(account, resetsAt, Math.max(1, Math.ceil((resetsAtMs - nowMs) / 1000)));
}

/**
 * The daily cap of each account, per UTC day, decided per request: a request fits whole or is refused
 * whole, so nothing over the cap is half-stored. The cap is shared by every ingest process through grants from the
 * control plane (issue 51, decision 0720): a process admits requests from bytes it was granted, and asks for more
 * (what the request needs plus one chunk) when they run out. The grants of a day never pass the cap, so the
 * processes together accept at most the cap; a restart starts from what is granted, so the cap holds across it.
 * Accepted and refused bytes are written to the usage table every `flushIntervalMs`.
 */
export function createDailyQuota(deps: DailyQuotaDeps) {
  const { usage, clock, logger } = deps;
  const days = new Map<number, AccountDay>();
  const pending = new Map<string, { accountId: number; day: number; acceptedBytes: number; refusedBytes: number }>();

  function count(accountId: number, day: number, accepted: number, refused: number): void {
    const key = `${accountId}:${day}`;
    const entry = pending.get(key) ?? { accountId, day, acceptedBytes: 0, refusedBytes: 0 };
    entry.acceptedBytes += accepted;
    entry.refusedBytes += refused;
    pending.set(key, entry);
  }

  function stateOf(accountId: number, day: number): AccountDay {
    const current = days.get(accountId);
    if (current !== undefined && current.day === day) return current;
    // Yesterday's unused grant is worth nothing today: it is dropped, not returned.
    const state: AccountDay = { accountId, day, budget: 0, granting: Promise.resolve() };
    days.set(accountId, state);
    return state;
  }

  async function topUp(state: AccountDay, bytes: number, capBytes: number): Promise<void> {
    const attempt = state.granting.then(async () => {
      if (state.budget >= bytes) return;
      const need = bytes - state.budget;
      const want = Math.min(capBytes, need + grantChunkBytes(capBytes));
      state.budget += await usage.grant({ accountId: state.accountId, day: state.day, want, need, capBytes });
    });
    state.granting = attempt.catch(() => undefined);
    try {
      await attempt;
    } catch (error) {
      throw ingestErrors.dailyUsageUnavailable(error);
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  async function flushOnce(): Promise<void> {
    if (pending.size === 0) return;
    const deltas = [...pending.values()];
    pending.clear();
    try {
      await usage.record(deltas);
    } catch (error) {
      for (const delta of deltas) count(delta.accountId, delta.day, delta.acceptedBytes, delta.refusedBytes);
      logger.warn({ err: error }, 'usage flush failed; will retry');
    }
  }
  const flush = (): Promise<void> => (flushing = flushing.then(flushOnce));
  const timer = setInterval(() => void flush(), deps.flushIntervalMs ?? 1000);
  timer.unref();

  return {
    /** Holds `bytes` of today's cap for the account, or throws `resource_exhausted` (429) naming the cap. */
    async admit(account: IngestAccount, bytes: number): Promise<Admission> {
      const now = clock.now();
      const day = startOfUtcDay(now);
      const state = stateOf(account.accountId, day);
      const cap = Math.floor(account.maxDailyGB * BYTES_PER_GB);
      if (bytes > state.budget && bytes <= cap) await topUp(state, bytes, cap);
      if (bytes > state.budget) {
        count(account.accountId, day, 0, bytes);
        throw capExceeded(account, now);
      }
      state.budget -= bytes;
      let settled = false;
      return {
        commit() {
          if (settled) return;
          settled = true;
          count(account.accountId, day, bytes, 0);
        },
        release() {
          if (settled) return;
          settled = true;
          state.budget += bytes;
        },
      };
    },
    flush,
    /** Writes the last counts and gives back today's unused grants; call after the listeners stopped. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
      const today = startOfUtcDay(clock.now());
      for (const state of days.values()) {
        await state.granting;
        if (state.day !== today || state.budget <= 0) continue;
        const unused = state.budget;
        state.budget = 0;
        await usage.returnGrant(state.accountId, state.day, unused).catch((error: unknown) => {
          logger.warn({ err: error, accountId: state.accountId }, 'could not give back an unused daily-cap grant');
        });
      }
    },
  };
}
