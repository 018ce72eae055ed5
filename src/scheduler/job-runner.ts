import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import type { LeaseStore } from './lease-store.js';

export interface Job {
  readonly name: string;
  /** Cadence: one run per slot of this length (slots are aligned to the epoch plus `phaseMs`). */
  readonly intervalMs: number;
  /** Offset of the slots from the epoch grid, e.g. so a job starts just when its data is due. */
  readonly phaseMs?: number;
  /** A run starts at a random point in the first `jitterMs` of its slot, so processes do not stampede. */
  readonly jitterMs: number;
  /** The run's signal aborts after this long; the lease lasts a little longer. */
  readonly timeoutMs: number;
  run(signal: AbortSignal): Promise<void>;
}

export interface JobRunnerDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly leases: LeaseStore;
  /** Defaults to Math.random; tests make jitter deterministic. */
  readonly random?: () => number;
}

export interface JobRunner {
  start(jobs: readonly Job[]): void;
  /** Aborts running jobs and waits for them to return. */
  stop(): Promise<void>;
}

const LEASE_MARGIN_MS = 5_000;

/**
 * A generic scheduler: each job runs once per slot across all processes (leases), never overlapping
 * itself (a run that overruns its slot makes the next slot be skipped), with a timeout and an
 * AbortSignal that shutdown fires. It knows nothing of what the jobs do.
 */
export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { clock, logger, leases } = deps;
  const random = deps.random ?? Math.random;
  const holder = randomUUID();
  const shutdown = new AbortController();
  const loops: Promise<void>[] = [];

  async function runSlot(job: Job, slotStartMs: number): Promise<void> {
    const now = clock.now();
    if (!(await leases.tryAcquire(job.name, holder, slotStartMs, now, now + job.timeoutMs + LEASE_MARGIN_MS))) return;
    const started = clock.now();
    try {
      await job.run(AbortSignal.any([shutdown.signal, AbortSignal.timeout(job.timeoutMs)]));
      logger.debug({ job: job.name, durationMs: clock.now() - started }, 'job ran');
    } catch (error) {
      if (!shutdown.signal.aborted) logger.error({ err: error, job: job.name, durationMs: clock.now() - started }, 'job failed');
    } finally {
      await leases
        .release(job.name, holder, clock.now())
        .catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'lease release failed'));
    }
  }

  async function loop(job: Job): Promise<void> {
    while (!shutdown.signal.aborted) {
      const now = clock.now();
      const phase = job.phaseMs ?? 0;
      const slotStart = Math.floor((now - phase) / job.intervalMs) * job.intervalMs + phase;
      const nextSlot = slotStart + job.intervalMs;
      try {
        await runSlot(job, slotStart);
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'job lease failed');
      }
      const wait = Math.max(0, nextSlot - clock.now()) + Math.floor(random() * job.jitterMs);
      try {
        await sleep(wait, undefined, { signal: shutdown.signal });
      } catch {
        return;
      }
    }
  }

  return {
    start(jobs) {
      for (const job of jobs) loops.push(loop(job));
    },
    async stop() {
      shutdown.abort();
      await Promise.all(loops);
    },
  };
}
