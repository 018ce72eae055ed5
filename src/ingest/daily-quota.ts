import type { AppError } from '../shared/app-error.js';
import { MS_PER_DAY, startOfUtcDay, type Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { ingestErrors } from './ingest-errors.js';
import type { IngestAccount } from './shipping-accounts.js';

/** One GB of the daily cap: 2^30 bytes (docs/decisions/0142-daily-cap.md). */
export const BYTES_PER_GB = 1024 ** 3;

export interface UsageStore {
  dayTotals(accountId: number, day: number): Promise<{ readonly acceptedBytes: number }>;
  record(deltas: readonly { accountId: number; day: number; acceptedBytes: number; refusedBytes: number }[]): Promise<void>;
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
  readonly day: number;
  readonly seeded: Promise<void>;
  accepted: number;
  reserved: number;
}

export type DailyQuota = ReturnType<typeof createDailyQuota>;

function capExceeded(account: IngestAccount, nowMs: number): AppError {
  const resetsAtMs = startOfUtcDay(nowMs) + MS_PER_DAY;
  const resetsAt = new Date(resetsAtMs).toISOString();
  return ingestErrors.dailyCapReached(account, resetsAt, Math.max(1, Math.ceil((resetsAtMs - nowMs) / 1000)));
}

/**
 * The daily cap of each account, per UTC day, decided per request: a request fits whole or is refused
 * whole, so nothing over the cap is half-stored. Today's accepted bytes are seeded from the control plane,
 * so the cap holds across restarts; counts are written back every `flushIntervalMs`.
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
    const state: AccountDay = {
      day,
      accepted: 0,
      reserved: 0,
      seeded: usage.dayTotals(accountId, day).then((totals) => {
        state.accepted += totals.acceptedBytes;
      }),
    };
    state.seeded.catch(() => days.delete(accountId));
    days.set(accountId, state);
    return state;
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
      try {
        await state.seeded;
      } catch (error) {
        throw ingestErrors.dailyUsageUnavailable(error);
      }
      const cap = account.maxDailyGB * BYTES_PER_GB;
      if (state.accepted + state.reserved + bytes > cap) {
        count(account.accountId, day, 0, bytes);
        throw capExceeded(account, now);
      }
      state.reserved += bytes;
      let settled = false;
      return {
        commit() {
          if (settled) return;
          settled = true;
          state.reserved -= bytes;
          state.accepted += bytes;
          count(account.accountId, day, bytes, 0);
        },
        release() {
          if (settled) return;
          settled = true;
          state.reserved -= bytes;
        },
      };
    },
    flush,
    /** Writes the last counts; call after the listeners stopped. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
