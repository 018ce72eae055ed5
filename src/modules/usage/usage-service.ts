import { MS_PER_DAY, startOfUtcDay, type Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { usageRepository, type DailyUsageRow, type UsageDelta } from './usage-repository.js';

export interface UsageServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
}

/** One entry of Logz.io's `dailyUsagesList.usage`. */
export interface DailyUsage {
  /** Start of the UTC day, epoch ms. */
  readonly date: number;
  /** Bytes of logs accepted that day. */
  readonly bytes: number;
}

export type UsageService = ReturnType<typeof createUsageService>;

/** Daily bytes accepted and refused per account, written by ingest and read by the account views. */
export function createUsageService(deps: UsageServiceDeps) {
  const { db, clock } = deps;

  return {
    /** Accepted bytes of the last `days` UTC days (today included), oldest first; days without logs are left out. */
    async usageFor(accountId: number, days: number): Promise<DailyUsage[]> {
      const fromDay = startOfUtcDay(clock.now()) - (Math.max(1, Math.floor(days)) - 1) * MS_PER_DAY;
      const rows = await usageRepository.listSince(db, accountId, fromDay);
      return rows.map((row) => ({ date: row.day, bytes: row.acceptedBytes }));
    },

    /** Accepted and refused bytes of one account on one UTC day (zeros when nothing was recorded). */
    async dayTotals(accountId: number, day: number): Promise<DailyUsageRow> {
      const rows = await usageRepository.listSince(db, accountId, day);
      return rows.find((row) => row.day === day) ?? { day, acceptedBytes: 0, refusedBytes: 0 };
    },

    /** Adds bytes to the stored daily totals, all or none. */
    async record(deltas: readonly UsageDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      await db.transaction().execute((tx) => usageRepository.addDeltas(tx, deltas));
    },

    /**
     * Hands `want` bytes of the day's cap to an ingest process, or at least `need`, or nothing: the day's grants
     * together never pass `capBytes` (issue 51; docs/decisions/0720).
     */
    async grant(request: { accountId: number; day: number; want: number; need: number; capBytes: number }): Promise<number> {
      const { accountId, day, want, need, capBytes } = request;
      await usageRepository.ensureGrantRow(db, accountId, day);
      if (await usageRepository.tryGrant(db, accountId, day, want, capBytes)) return want;
      if (need < want && (await usageRepository.tryGrant(db, accountId, day, need, capBytes))) return need;
      return 0;
    },

    async returnGrant(accountId: number, day: number, bytes: number): Promise<void> {
      if (bytes > 0) await usageRepository.returnGrant(db, accountId, day, bytes);
    },

    /** Bytes of the day's cap granted to ingest processes so far. */
    grantedBytes(accountId: number, day: number): Promise<number> {
      return usageRepository.grantedBytes(db, accountId, day);
    },
  };
}
