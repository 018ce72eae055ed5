import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../app/create-logger.js';
import { createManualClock } from '../../shared/clock.js';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createTaskStore } from './task-store.js';
import { createTaskWorker, TaskFailure, type TaskHandler } from './task-worker.js';

const logger = createLogger('silent');

for (const backend of controlPlaneBackends) {
  describe(`tracked tasks (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    before(async () => {
      opened = await backend.open();
    });
    after(async () => opened.dispose());

    function handler(run: TaskHandler['run'], failures: string[]): TaskHandler {
      return { kind: 'test.work', maxAttempts: 3, run, failed: async (_task, reason) => void failures.push(reason) };
    }

    it('runs a task, records its progress, retries a failed attempt after the back-off, fails for good after the last', async () => {
      const clock = createManualClock(1_000_000);
      const store = createTaskStore(opened.controlPlane.db);
      const failures: string[] = [];
      let calls = 0;
      const worker = createTaskWorker({
        store,
        clock,
        logger,
        retryBaseMs: 1_000,
        handlers: [
          handler(async (task, context) => {
            calls += 1;
            await context.progress(0.5);
            assert.equal((await store.get(task.id))?.progress, 0.5);
            if (task.subject === 'flaky' && context.attempt < 2) throw new Error('engine busy');
            if (task.subject === 'broken') throw new Error('always');
          }, failures),
        ],
      });
      const flaky = await store.enqueue({ kind: 'test.work', accountId: 1, subject: 'flaky', maxAttempts: 3 }, clock.now());
      assert.equal(await worker.runDue(), 1);
      assert.equal((await store.get(flaky.id))?.status, 'queued', 'waits for the back-off');
      assert.equal((await store.get(flaky.id))?.lastError, 'engine busy');
      assert.equal(await worker.runDue(), 0);
      clock.advance(1_000);
      assert.equal(await worker.runDue(), 1);
      const done = await store.get(flaky.id);
      assert.equal(done?.status, 'succeeded');
      assert.equal(done?.progress, 1);
      assert.equal(done?.attempts, 2);

      const broken = await store.enqueue({ kind: 'test.work', accountId: 1, subject: 'broken', maxAttempts: 3 }, clock.now());
      for (let i = 0; i < 3; i += 1) {
        await worker.runDue();
        clock.advance(10_000);
      }
      assert.equal((await store.get(broken.id))?.status, 'failed');
      assert.deepEqual(failures, ['always']);
      assert.equal(calls, 5);
    });

    it('a TaskFailure fails at once; a task whose process died is taken over once its lease runs out', async () => {
      const clock = createManualClock(2_000_000);
      const store = createTaskStore(opened.controlPlane.db);
      const failures: string[] = [];
      const ran: string[] = [];
      const make = () =>
        createTaskWorker({
          store,
          clock,
          logger,
          leaseMs: 30_000,
          handlers: [
            handler(async (task) => {
              ran.push(task.subject);
              if (task.subject === 'gone') throw new TaskFailure('the saved object was deleted');
            }, failures),
          ],
        });
      const gone = await store.enqueue({ kind: 'test.work', accountId: 1, subject: 'gone', maxAttempts: 3 }, clock.now());
      await make().runDue();
      assert.equal((await store.get(gone.id))?.status, 'failed');
      assert.deepEqual(failures, ['the saved object was deleted']);

      const orphan = await store.enqueue({ kind: 'test.work', accountId: 1, subject: 'orphan', maxAttempts: 3 }, clock.now());
      const dead = make();
      assert.equal((await dead.claimOnly())?.id, orphan.id);
      const survivor = make();
      assert.equal(await survivor.runDue(), 0, 'held by the dead process until its lease runs out');
      clock.advance(30_000);
      assert.equal(await survivor.runDue(), 1);
      const taken = await store.get(orphan.id);
      assert.equal(taken?.status, 'succeeded');
      assert.equal(taken?.attempts, 2);
      assert.deepEqual(ran, ['gone', 'orphan']);
    });
  });
}
