import type { ControlPlaneDb } from '../storage/control-plane/index.js';

/** Shares scheduled work between processes: a job's slot runs in the one process that wins its lease. */
export interface LeaseStore {
  /**
   * Takes the job's lease for the slot starting at `slotStartMs` until `expiresAtMs`. False when another
   * process holds it or the slot already ran somewhere.
   */
  tryAcquire(job: string, holder: string, slotStartMs: number, nowMs: number, expiresAtMs: number): Promise<boolean>;
  /** Extends a lease the holder still has; false when it lost it (expired and taken, or released). */
  renew(job: string, holder: string, nowMs: number, expiresAtMs: number): Promise<boolean>;
  /** Frees the lease early, keeping the record that the slot ran. */
  release(job: string, holder: string, nowMs: number): Promise<void>;
  /** Who holds the job's lease and until when, or undefined when nobody does (metrics, and waiting out a holder). */
  holderOf(
    job: string,
    nowMs: number,
  ): Promise<{ readonly holder: string; readonly expiresAtMs: number; readonly slotStartMs: number } | undefined>;
}

export function createControlPlaneLeaseStore(db: ControlPlaneDb): LeaseStore {
  return {
    async tryAcquire(job, holder, slotStartMs, nowMs, expiresAtMs) {
      await db
        .insertInto('scheduler_leases')
        .values({ job, holder: '', expires_at: 0, last_run_at: null })
        .onConflict((oc) => oc.column('job').doNothing())
        .execute();
      // One conditional UPDATE is atomic on both SQLite and PostgreSQL: exactly one contender matches.
      const result = await db
        .updateTable('scheduler_leases')
        .set({ holder, expires_at: expiresAtMs, last_run_at: slotStartMs })
        .where('job', '=', job)
        .where('expires_at', '<=', nowMs)
        .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', slotStartMs)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async renew(job, holder, nowMs, expiresAtMs) {
      const result = await db
        .updateTable('scheduler_leases')
        .set({ expires_at: expiresAtMs })
        .where('job', '=', job)
        .where('holder', '=', holder)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async holderOf(job, nowMs) {
      const row = await db
        .selectFrom('scheduler_leases')
        .select(['holder', 'expires_at', 'last_run_at'])
        .where('job', '=', job)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { holder: row.holder, expiresAtMs: Number(row.expires_at), slotStartMs: Number(row.last_run_at ?? 0) };
    },
    async release(job, holder, nowMs) {
      await db.updateTable('scheduler_leases').set({ expires_at: nowMs }).where('job', '=', job).where('holder', '=', holder).execute();
    },
  };
}
