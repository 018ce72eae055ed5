import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSemaphore } from './semaphore.js';

describe('semaphore', () => {
  it('runs at most `permits` tasks at once, the others in arrival order, and frees a permit on failure', async () => {
    const semaphore = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number, fail = false) =>
      semaphore.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(id);
        running -= 1;
        if (fail) throw new Error(`task ${id} failed`);
        return id;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    assert.equal(peak, 2);
    assert.deepEqual(order, [1, 2, 3, 4, 5]);
    assert.equal(results[1]?.status, 'rejected');
    assert.deepEqual(
      results.filter((result) => result.status === 'fulfilled').map((result) => result.value),
      [1, 3, 4, 5],
    );
  });
});
