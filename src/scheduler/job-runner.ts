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
  /** Told each run's outcome and duration (metrics). */
  readonly onRun?: (job: string, outcome: 'ok' | 'failed' | 'aborted', durationMs: number) => void;
}

export interface JobRunner {
  start(jobs: readonly Job[]): void;
  /**
   * Aborts running jobs and waits for them to return, at most `graceMs`; the leases of jobs still running then are
   * released anyway, so another process takes the next slot at once.
   */
  stop(graceMs?: number): Promise<void>;
  /** This process's id in the lease table. */
  readonly holder: string;
  /** Jobs this process is running now (their leases are held). */
  running(): readonly string[];
}

/**
 * A lease lasts half the job's interval (2 s to 30 s) and is renewed every third of that while the job runs
 * (issue 51, decision 0722). A process killed -9 holds it at most that long; a survivor waiting on it takes it when
 * it expires, so a job is taken over within one interval (plus jitter) of the kill.
 */
export function leaseTtlMs(job: Pick<Job, 'intervalMs'>): number {
  return Math.min(30_000, Math.max(2_000, Math.floor(job.intervalMs / 2)));
}

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

  const held = new Set<string>();

  /** Takes the slot's lease, waiting out a holder of an earlier slot (an overrun, or a killed process) while the slot lasts. */
  async function acquire(job: Job, slotStartMs: number, slotEndMs: number): Promise<boolean> {
    for (;;) {
      const now = clock.now();
      if (await leases.tryAcquire(job.name, holder, slotStartMs, now, now + leaseTtlMs(job))) return true;
      const current = await leases.holderOf(job.name, now);
      // Nobody holds it, so the slot already ran here or elsewhere; or someone runs this very slot.
      if (current === undefined || current.slotStartMs >= slotStartMs) return false;
      const wait = current.expiresAtMs - clock.now() + 50;
      if (clock.now() + wait >= slotEndMs) return false;
      try {
        await sleep(Math.max(50, wait), undefined, { signal: shutdown.signal });
      } catch {
        return false;
      }
    }
  }

  async function runSlot(job: Job, slotStartMs: number, slotEndMs: number): Promise<void> {
    if (!(await acquire(job, slotStartMs, slotEndMs))) return;
    held.add(job.name);
    const started = clock.now();
    const lost = new AbortController();
    const ttl = leaseTtlMs(job);
    // Renewed while the job runs: a run longer than the lease never lets another process start the same job.
    const renewal = setInterval(
      () => {
        const now = clock.now();
        leases.renew(job.name, holder, now, now + ttl).then(
          (kept) => {
            if (!kept && !lost.signal.aborted) {
              logger.error({ job: job.name }, 'job lease lost; aborting the run');
              lost.abort(new Error('lease lost'));
            }
          },
          (error: unknown) => logger.warn({ err: error, job: job.name }, 'lease renewal failed; retrying'),
        );
      },
      Math.max(500, Math.floor(ttl / 3)),
    );
    try {
      await job.run(AbortSignal.any([shutdown.signal, lost.signal, AbortSignal.timeout(job.timeoutMs)]));
      logger.debug({ job: job.name, durationMs: clock.now() - started }, 'job ran');
      deps.onRun?.(job.name, 'ok', clock.now() - started);
    } catch (error) {
      deps.onRun?.(job.name, shutdown.signal.aborted || lost.signal.aborted ? 'aborted' : 'failed', clock.now() - started);
      if (!shutdown.signal.aborted) logger.error({ err: error, job: job.name, durationMs: clock.now() - started }, 'job failed');
    } finally {
      clearInterval(renewal);
      if (held.delete(job.name)) {
        await leases
          .release(job.name, holder, clock.now())
          .catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'lease release failed'));
      }
    }
  }

  async function loop(job: Job): Promise<void> {
    while (!shutdown.signal.aborted) {
      const now = clock.now();
      const phase = job.phaseMs ?? 0;
      const slotStart = Math.floor((now - phase) / job.intervalMs) * job.intervalMs + phase;
      const nextSlot = slotStart + job.intervalMs;
      try {
        await runSlot(job, slotStart, nextSlot);
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
    holder,
    running: () => [...held],
    start(jobs) {
      for (const job of jobs) loops.push(loop(job));
    },
    async stop(graceMs = Number.POSITIVE_INFINITY) {
      shutdown.abort();
      const all = Promise.all(loops);
      if (Number.isFinite(graceMs)) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
        // A job that ignores its signal keeps running here, but its lease goes now: the slot is someone else's to take.
        for (const name of [...held]) {
          held.delete(name);
          await leases
            .release(name, holder, clock.now())
            .catch((error: unknown) => logger.warn({ err: error, job: name }, 'lease release failed'));
        }
        return;
      }
      await all;
    },
  };
}
