import { randomUUID } from 'node:crypto';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { TrackedTasksTable } from '../task-tables.js';

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface TrackedTask {
  readonly id: string;
  readonly kind: string;
  readonly accountId: number;
  readonly subject: string;
  readonly status: TaskStatus;
  readonly progress: number;
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly lastError: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface NewTask {
  readonly kind: string;
  readonly accountId: number;
  readonly subject: string;
  readonly maxAttempts: number;
}

function toTask(row: TrackedTasksTable): TrackedTask {
  return {
    id: row.id,
    kind: row.kind,
    accountId: Number(row.account_id),
    subject: row.subject,
    status: row.status as TaskStatus,
    progress: Number(row.progress),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;

/**
 * Tasks as rows of the control plane. Every change a worker makes names its holder, so a worker whose lease was
 * taken over (it stalled past it) can no longer change the task: the one that took it over owns it.
 */
export function createTaskStore(db: ControlPlaneDb) {
  return {
    async enqueue(task: NewTask, nowMs: number): Promise<TrackedTask> {
      const row: TrackedTasksTable = {
        id: randomUUID(),
        kind: task.kind,
        account_id: task.accountId,
        subject: task.subject,
        status: 'queued',
        progress: 0,
        attempts: 0,
        max_attempts: task.maxAttempts,
        holder: null,
        lease_expires_at: 0,
        run_after: nowMs,
        last_error: null,
        created_at: nowMs,
        updated_at: nowMs,
      };
      await db.insertInto('tracked_tasks').values(row).execute();
      return toTask(row);
    },

    async get(id: string): Promise<TrackedTask | undefined> {
      const row = await db.selectFrom('tracked_tasks').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toTask(row);
    },

    async ofSubject(kind: string, subject: string): Promise<TrackedTask | undefined> {
      const row = await db
        .selectFrom('tracked_tasks')
        .selectAll()
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row === undefined ? undefined : toTask(row);
    },

    /**
     * Takes one due task of these kinds: a queued one whose back-off is over, or a running one whose holder's
     * lease ran out (its process died or stalled). One conditional UPDATE per candidate: exactly one process wins.
     */
    async claim(kinds: readonly string[], holder: string, nowMs: number, leaseMs: number): Promise<TrackedTask | undefined> {
      if (kinds.length === 0) return undefined;
      const due = (qb: ReturnType<typeof db.selectFrom<'tracked_tasks'>>) =>
        qb
          .where('kind', 'in', [...kinds])
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', nowMs)]),
              eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', nowMs)]),
            ]),
          );
      const candidates = await due(db.selectFrom('tracked_tasks'))
        .select(['id', 'status', 'attempts'])
        .orderBy('run_after')
        .limit(5)
        .execute();
      for (const candidate of candidates) {
        const result = await db
          .updateTable('tracked_tasks')
          .set({
            status: 'running',
            holder,
            lease_expires_at: nowMs + leaseMs,
            attempts: Number(candidate.attempts) + 1,
            updated_at: nowMs,
          })
          .where('id', '=', candidate.id)
          .where('status', '=', candidate.status)
          .where('attempts', '=', candidate.attempts)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', nowMs)]),
              eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', nowMs)]),
            ]),
          )
          .executeTakeFirst();
        if (result.numUpdatedRows > 0n) return this.get(candidate.id);
      }
      return undefined;
    },

    /** Records progress and extends the lease; false when the task is no longer this holder's. */
    async heartbeat(id: string, holder: string, nowMs: number, leaseMs: number, progress?: number): Promise<boolean> {
      const result = await db
        .updateTable('tracked_tasks')
        .set({ lease_expires_at: nowMs + leaseMs, updated_at: nowMs, ...(progress === undefined ? {} : { progress }) })
        .where('id', '=', id)
        .where('holder', '=', holder)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async finish(id: string, holder: string, nowMs: number, outcome: { status: 'succeeded' } | { status: 'failed'; error: string }) {
      await db
        .updateTable('tracked_tasks')
        .set({
          status: outcome.status,
          progress: outcome.status === 'succeeded' ? 1 : undefined,
          holder: null,
          lease_expires_at: 0,
          last_error: outcome.status === 'failed' ? outcome.error : null,
          updated_at: nowMs,
        })
        .where('id', '=', id)
        .where('holder', '=', holder)
        .execute();
    },

    /** Back to the queue: for a retry after `runAfterMs`, or (`uncount`) because the process stopped mid-way. */
    async requeue(id: string, holder: string, nowMs: number, runAfterMs: number, error: string | null, uncount: boolean) {
      await db
        .updateTable('tracked_tasks')
        .set((eb) => ({
          status: 'queued',
          holder: null,
          lease_expires_at: 0,
          run_after: runAfterMs,
          last_error: error,
          updated_at: nowMs,
          ...(uncount ? { attempts: eb('attempts', '-', 1) } : {}),
        }))
        .where('id', '=', id)
        .where('holder', '=', holder)
        .execute();
    },

    /** Forgets the tasks of a subject (its owner deleted it). */
    async forget(kind: string, subject: string): Promise<void> {
      await db.deleteFrom('tracked_tasks').where('kind', '=', kind).where('subject', '=', subject).execute();
    },
  };
}
