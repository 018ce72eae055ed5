import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { TaskStore, TrackedTask } from './task-store.js';

export interface TaskContext {
  /** Aborts when the process stops (the task is queued again, this attempt not counted) or the lease is lost. */
  readonly signal: AbortSignal;
  /** Attempt number, 1 for the first. */
  readonly attempt: number;
  /** Records how far the work is (0..1) and keeps the lease. */
  progress(fraction: number): Promise<void>;
}

/** What runs the tasks of one kind. */
export interface TaskHandler {
  readonly kind: string;
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  run(task: TrackedTask, context: TaskContext): Promise<void>;
  /** The task failed for good (its last attempt failed, or it threw a TaskFailure): say so to whoever waits on it. */
  failed(task: TrackedTask, reason: string): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (what it works on is gone): the task fails at once. */
export class TaskFailure extends Error {
  override readonly name = 'TaskFailure';
}

export interface TaskWorkerDeps {
  readonly store: TaskStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly handlers: readonly TaskHandler[];
  /** How often an idle worker looks for due tasks (other processes may have queued some). */
  readonly pollMs?: number;
  /** How long a claim holds without a heartbeat; a dead process's task is taken over after it. */
  readonly leaseMs?: number;
  /** Wait before the second attempt, doubled before each next one. */
  readonly retryBaseMs?: number;
}

export interface TaskWorker {
  /** Runs due tasks in the background until `stop`. */
  start(): void;
  stop(): Promise<void>;
  /** A task was queued in this process: look now rather than at the next poll. */
  wake(): void;
  /** Runs due tasks one after another until none is due (tests and benchmarks drive it directly). */
  runDue(): Promise<number>;
  /** Claims one due task without running it, as a process that then dies would (crash tests). */
  claimOnly(): Promise<TrackedTask | undefined>;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs tracked tasks (decision 0671): claims a due one, runs its handler with a heartbeat that keeps the lease and
 * records progress, then records success, a retry with back-off, or the failure. Knows nothing of what tasks do.
 */
export function createTaskWorker(deps: TaskWorkerDeps): TaskWorker {
  const { store, clock, logger } = deps;
  const pollMs = deps.pollMs ?? 2_000;
  const leaseMs = deps.leaseMs ?? 60_000;
  const retryBaseMs = deps.retryBaseMs ?? 5_000;
  const handlers = new Map(deps.handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...handlers.keys()];
  const holder = randomUUID();
  const shutdown = new AbortController();
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  async function runTask(task: TrackedTask): Promise<void> {
    const handler = handlers.get(task.kind);
    if (handler === undefined) return;
    if (task.attempts > task.maxAttempts) {
      // Its last attempt was cut short by a dead process: no attempt is left.
      const reason = task.lastError ?? 'the process running it stopped';
      await store.finish(task.id, holder, clock.now(), { status: 'failed', error: reason });
      await handler.failed(task, reason);
      return;
    }
    const lost = new AbortController();
    const signal = AbortSignal.any([shutdown.signal, lost.signal]);
    const beat = async (progress?: number): Promise<void> => {
      if (!(await store.heartbeat(task.id, holder, clock.now(), leaseMs, progress))) lost.abort(new Error('lease lost'));
    };
    const timer = setInterval(() => void beat().catch(() => undefined), Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await handler.run(task, { signal, attempt: task.attempts, progress: (fraction) => beat(Math.min(1, Math.max(0, fraction))) });
      await store.finish(task.id, holder, clock.now(), { status: 'succeeded' });
    } catch (error) {
      const reason = describe(error);
      if (shutdown.signal.aborted) {
        await store.requeue(task.id, holder, clock.now(), clock.now(), reason, true);
      } else if (lost.signal.aborted) {
        logger.warn({ task: task.id, kind: task.kind }, 'task lease lost; another process has taken it over');
      } else if (error instanceof TaskFailure || task.attempts >= task.maxAttempts) {
        await store.finish(task.id, holder, clock.now(), { status: 'failed', error: reason });
        await handler.failed(task, reason);
      } else {
        const wait = retryBaseMs * 2 ** (task.attempts - 1);
        logger.warn({ task: task.id, kind: task.kind, attempt: task.attempts, err: error }, 'task attempt failed; retrying');
        await store.requeue(task.id, holder, clock.now(), clock.now() + wait, reason, false);
      }
    } finally {
      clearInterval(timer);
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    while (!shutdown.signal.aborted) {
      const task = await store.claim(kinds, holder, clock.now(), leaseMs);
      if (task === undefined) return ran;
      await runTask(task);
      ran += 1;
    }
    return ran;
  }

  async function background(): Promise<void> {
    while (!shutdown.signal.aborted) {
      try {
        await runDue();
      } catch (error) {
        logger.error({ err: error }, 'task worker failed');
      }
      if (shutdown.signal.aborted) return;
      const woken = new Promise<void>((resolve) => (wakeUp = resolve));
      await Promise.race([woken, sleep(pollMs, undefined, { signal: shutdown.signal }).catch(() => undefined)]);
      wakeUp = undefined;
    }
  }

  return {
    start() {
      loop ??= background();
    },
    async stop() {
      shutdown.abort();
      wakeUp?.();
      await loop;
    },
    wake() {
      wakeUp?.();
    },
    runDue,
    claimOnly: () => store.claim(kinds, holder, clock.now(), leaseMs),
  };
}
