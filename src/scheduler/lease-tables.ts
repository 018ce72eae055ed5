/** One row per scheduled job: who holds it and until when (src/scheduler/lease-store.ts). */
export interface SchedulerLeasesTable {
  job: string;
  holder: string;
  expires_at: number;
  last_run_at: number | null;
}

export interface SchedulerTables {
  scheduler_leases: SchedulerLeasesTable;
}
