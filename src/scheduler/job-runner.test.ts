import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../app/create-logger.js';
import { systemClock } from '../shared/clock.js';
import { controlPlaneBackends, type OpenedControlPlane } from '../../test/support/control-plane-backends.js';
import { createJobRunner, type Job } from './job-runner.js';
import { createControlPlaneLeaseStore } from './lease-store.js';

const logger = createLogger('silent');

for (const backend of controlPlaneBackends) {
  describe(`job runner with control-plane leases (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    before(async () => {
      opened = await backend.open();
    });
    after(async () => opened.dispose());

    it('runs a job once per slot across several processes, never overlapping itself', async () => {
      const runs: number[] = [];
      let running = 0;
      let overlapped = false;
      const job: Job = {
        name: 'shared-job',
        intervalMs: 200,
        jitterMs: 20,
        timeoutMs: 1_000,
        async run() {
          running += 1;
          if (running > 1) overlapped = true;
          runs.push(Date.now());
          await sleep(30);
          running -= 1;
        },
      };
      const leases = createControlPlaneLeaseStore(opened.controlPlane.db);
      const runners = [1, 2, 3].map(() => createJobRunner({ clock: systemClock, logger, leases }));
      const firstSlot = Math.floor(Date.now() / 200);
      for (const runner of runners) runner.start([job]);
      await sleep(1_100);
      await Promise.all(runners.map((runner) => runner.stop()));
      const slots = Math.floor(Date.now() / 200) - firstSlot + 1;
      assert.equal(overlapped, false);
      // Three processes without leases would run about three times per slot.
      assert.ok(runs.length >= slots - 2 && runs.length <= slots, `ran ${runs.length} times in ${slots} slots`);
    });

    it('aborts a running job on stop and on timeout', async () => {
      const leases = createControlPlaneLeaseStore(opened.controlPlane.db);
      const reasons: string[] = [];
      const wait = (signal: AbortSignal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => (reasons.push(String((signal.reason as Error).name)), resolve())),
        );
      const timed = createJobRunner({ clock: systemClock, logger, leases });
      timed.start([{ name: 'slow-job', intervalMs: 60_000, jitterMs: 0, timeoutMs: 50, run: wait }]);
      await sleep(200);
      await timed.stop();
      const stopped = createJobRunner({ clock: systemClock, logger, leases });
      stopped.start([{ name: 'stopped-job', intervalMs: 60_000, jitterMs: 0, timeoutMs: 60_000, run: wait }]);
      await sleep(100);
      await stopped.stop();
      assert.deepEqual(reasons, ['TimeoutError', 'AbortError']);
    });
  });
}
