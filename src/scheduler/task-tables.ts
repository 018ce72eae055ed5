/** Tracked tasks: long work that runs outside requests, with its state, progress and retries (tasks/task-store.ts). */
export interface TrackedTasksTable {
  id: string;
  /** Which handler runs it (`snapshot.render` …). */
  kind: string;
  account_id: number;
  /** What the task works on, in the handler's terms (a snapshot id …). */
  subject: string;
  /** queued → running → succeeded | failed; running goes back to queued for a retry or after a stop. */
  status: string;
  /** 0..1, as the handler reports it. */
  progress: number;
  attempts: number;
  max_attempts: number;
  /** The process running it and until when; a lease that ran out is taken over (its process died). */
  holder: string | null;
  lease_expires_at: number;
  /** Not before this time (back-off between attempts). */
  run_after: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface TaskTables {
  tracked_tasks: TrackedTasksTable;
}
