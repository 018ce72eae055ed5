import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdmissionTurn, ClusterAdmissionView, SharedKeyLoad } from '../shared-admission.js';
import { createFairQueue } from './fair-queue.js';
import { isStatementCancelled } from './transport.js';

interface Gate {
  readonly promise: Promise<void>;
  open(): void;
}
function gate(): Gate {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('fair queue', () => {
  it("leaves a slot to another account while one account's searches fill its share", async () => {
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => 0 });
    const started: string[] = [];
    const hold = gate();
    const noisy = Array.from({ length: 6 }, (_, i) =>
      queue.run('noisy', async () => {
        started.push(`noisy-${i}`);
        await hold.promise;
      }),
    );
    await tick();
    assert.deepEqual(started, ['noisy-0', 'noisy-1']);
    const quiet = queue.run('quiet', async () => {
      started.push('quiet');
      return 'answered';
    });
    assert.equal(await quiet, 'answered');
    assert.deepEqual(started, ['noisy-0', 'noisy-1', 'quiet']);
    hold.open();
    await Promise.all(noisy);
    assert.equal(started.length, 7);
  });

  it('serves the least recently served account first, so a backlog does not delay another account behind it', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 1, now: () => 0 });
    const order: string[] = [];
    const hold = gate();
    const first = queue.run('a', async () => {
      order.push('a0');
      await hold.promise;
    });
    const rest = [
      ...['a1', 'a2', 'a3'].map((name) => queue.run('a', async () => void order.push(name))),
      queue.run('b', async () => void order.push('b0')),
    ];
    await tick();
    hold.open();
    await Promise.all([first, ...rest]);
    assert.deepEqual(order, ['a0', 'b0', 'a1', 'a2', 'a3']);
  });

  it('puts an account that kept the engine busy lately in a lower tier while another account is active, and lets it back up as the usage decays', async () => {
    let now = 0;
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => now });
    // Another account's long statement: the heavy one is contended throughout.
    const hold = gate();
    const other = queue.run('other', () => hold.promise);
    const busyFor = (key: string, ms: number) =>
      queue.run(key, async (tier) => {
        now += ms;
        return tier;
      });
    assert.equal(await busyFor('heavy', 800), 0);
    assert.equal(await busyFor('heavy', 800), 0);
    assert.equal(await busyFor('heavy', 6_000), 1);
    assert.equal(await busyFor('heavy', 10), 2);
    assert.equal(await busyFor('light', 10), 0);
    now += 60_000;
    assert.equal(await busyFor('heavy', 10), 0);
    hold.open();
    await other;
  });

  it('keeps an account whose statements are quick in the first tier however many it runs back to back', async () => {
    let now = 0;
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => now });
    const hold = gate();
    const other = queue.run('other', () => hold.promise);
    const tiers = new Set<number>();
    for (let i = 0; i < 2_000; i += 1)
      await queue.run('paging', async (tier) => {
        tiers.add(tier);
        now += 30;
      });
    assert.deepEqual([...tiers], [0]);
    // The same engine time in long statements is heavy use.
    await queue.run('long', async () => {
      now += 3_000;
    });
    assert.equal(await queue.run('long', async (tier) => tier), 1);
    hold.open();
    await other;
  });

  it('never lowers the tier of an account alone on the engine', async () => {
    let now = 0;
    const queue = createFairQueue({ slots: 2, perKey: 1, now: () => now });
    for (let i = 0; i < 5; i += 1)
      assert.equal(
        await queue.run('alone', async (tier) => {
          now += 5_000;
          return tier;
        }),
        0,
      );
    // Another account searched a moment ago: the busy one is competing again.
    await queue.run('other', async () => undefined);
    assert.equal(await queue.run('alone', async (tier) => tier), 2);
  });

  it('does not count yielding work (background) as another account competing', async () => {
    let now = 0;
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => now, yielding: ['background'] });
    const hold = gate();
    const background = queue.run('background', () => hold.promise);
    await queue.run('heavy', async () => {
      now += 20_000;
    });
    assert.equal(await queue.run('heavy', async (tier) => tier), 0);
    await queue.run('other', async () => undefined);
    assert.equal(await queue.run('heavy', async (tier) => tier), 2);
    hold.open();
    await background;
  });

  it('lets an account in the top tier hold one slot at a time while another account is active', async () => {
    let now = 0;
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => now });
    await queue.run('heavy', async () => {
      now += 20_000;
    });
    const busy = gate();
    const other = queue.run('other', () => busy.promise);
    const started: string[] = [];
    const hold = gate();
    const heavy = [0, 1].map((i) =>
      queue.run('heavy', async () => {
        started.push(`heavy-${i}`);
        await hold.promise;
      }),
    );
    await tick();
    assert.deepEqual(started, ['heavy-0']);
    hold.open();
    busy.open();
    await Promise.all([...heavy, other]);
  });

  it('frees the slot of failed work', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 1, now: () => 0 });
    await assert.rejects(
      queue.run('a', async () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    assert.equal(await queue.run('a', async () => 1), 1);
  });

  it('takes work whose signal aborts out of the queue at once, and never starts it', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 1, now: () => 0 });
    const order: string[] = [];
    const hold = gate();
    const first = queue.run('a', async () => {
      order.push('a0');
      await hold.promise;
    });
    const controller = new AbortController();
    const cancelled = queue.run('a', async () => void order.push('a1'), controller.signal);
    const after = queue.run('b', async () => void order.push('b0'));
    await tick();
    controller.abort();
    await assert.rejects(cancelled, (error: unknown) => isStatementCancelled(error));
    await assert.rejects(
      queue.run('c', async () => void order.push('never'), AbortSignal.abort()),
      (error: unknown) => isStatementCancelled(error),
    );
    hold.open();
    await Promise.all([first, after]);
    assert.deepEqual(order, ['a0', 'b0']);
  });
  it('reports work running and waiting, in all and by key, as it is admitted, cancelled and settled', async () => {
    const queue = createFairQueue({ slots: 2, perKey: 1, now: () => 0 });
    assert.deepEqual(queue.stats(), { running: 0, waiting: 0, byKey: new Map() });
    const hold = gate();
    const a = [0, 1, 2].map(() => queue.run('a', () => hold.promise));
    const controller = new AbortController();
    const cancelled = queue.run('a', () => hold.promise, controller.signal);
    const b = queue.run('b', () => hold.promise);
    await tick();
    assert.deepEqual(queue.stats(), {
      running: 2,
      waiting: 3,
      byKey: new Map([
        ['a', { running: 1, waiting: 3 }],
        ['b', { running: 1, waiting: 0 }],
      ]),
    });
    controller.abort();
    await assert.rejects(cancelled, (error: unknown) => isStatementCancelled(error));
    assert.deepEqual(queue.stats().byKey.get('a'), { running: 1, waiting: 2 });
    assert.equal(queue.stats().waiting, 2);
    hold.open();
    await Promise.all([...a, b]);
    assert.deepEqual(queue.stats(), { running: 0, waiting: 0, byKey: new Map() });
  });

  it('counts failed work out of the stats once it settles', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 1, now: () => 0 });
    const failing = queue.run('a', async () => {
      assert.deepEqual(queue.stats(), { running: 1, waiting: 0, byKey: new Map([['a', { running: 1, waiting: 0 }]]) });
      throw new Error('boom');
    });
    await assert.rejects(failing, /boom/);
    assert.deepEqual(queue.stats(), { running: 0, waiting: 0, byKey: new Map() });
  });
});

/** What the other processes published, as the control plane's sharer hands it over (set by the test). */
function clusterView(
  wallNow: () => number = () => 0,
): ClusterAdmissionView & { set(others: Record<string, SharedKeyLoad>, turn?: AdmissionTurn): void } {
  let current: ReadonlyMap<string, SharedKeyLoad> = new Map();
  let turn: AdmissionTurn = { processes: 1, place: 0 };
  return {
    wallNow,
    others: () => current,
    turn: () => turn,
    set(others, next = { processes: 1, place: 0 }) {
      current = new Map(Object.entries(others));
      turn = next;
    },
  };
}

describe('fair queue across the processes of a cluster (decision 0740)', () => {
  it("counts the other processes' running statements against the slots, and admits when they free them", async () => {
    const cluster = clusterView();
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => 0, cluster });
    cluster.set({ b: { running: 2, waitingForSlot: 0 } });
    const hold = gate();
    const started: number[] = [];
    const work = [0, 1].map((i) =>
      queue.run('a', async () => {
        started.push(i);
        await hold.promise;
      }),
    );
    await tick();
    assert.deepEqual(started, [0], 'one slot of three is left by the 2 running elsewhere');
    assert.deepEqual(queue.stats(), { running: 1, waiting: 1, byKey: new Map([['a', { running: 1, waiting: 1 }]]) });
    cluster.set({});
    queue.recheck();
    await tick();
    assert.deepEqual(started, [0, 1]);
    hold.open();
    await Promise.all(work);
  });

  it('holds one account to its share over the cluster: its statements on other processes count', async () => {
    const cluster = clusterView();
    const queue = createFairQueue({ slots: 4, perKey: 2, now: () => 0, cluster });
    cluster.set({ a: { running: 2, waitingForSlot: 3 } });
    const started: string[] = [];
    const a = queue.run('a', async () => void started.push('a'));
    const b = queue.run('b', async () => void started.push('b'));
    await b;
    assert.deepEqual(started, ['b'], 'a holds its 2 slots on another process');
    cluster.set({ a: { running: 1, waitingForSlot: 3 } });
    queue.recheck();
    await a;
    assert.deepEqual(started, ['b', 'a']);
  });

  it('leaves a free slot to a key of another process served less recently, and takes it when ours was', async () => {
    let wall = 100;
    const cluster = clusterView(() => wall);
    const queue = createFairQueue({ slots: 3, perKey: 2, now: () => 0, cluster });
    const hold = gate();
    const first = queue.run('a', () => hold.promise); // a last served at 100
    wall = 150;
    cluster.set({ c: { running: 1, waitingForSlot: 0, servedAt: 120 }, b: { running: 0, waitingForSlot: 1, servedAt: 50 } });
    const started: string[] = [];
    const second = queue.run('a', async () => void started.push('a'));
    await tick();
    assert.deepEqual(started, [], "the one free slot is b's: served at 50, before a at 100");
    assert.deepEqual(queue.shared(), new Map([['a', { running: 1, waitingForSlot: 1, servedAt: 100 }]]));
    // b's process took the slot and published it.
    cluster.set({ c: { running: 1, waitingForSlot: 0, servedAt: 120 }, b: { running: 1, waitingForSlot: 0, servedAt: 150 } });
    queue.recheck();
    await tick();
    assert.deepEqual(started, [], 'no slot left');
    cluster.set({ c: { running: 1, waitingForSlot: 0, servedAt: 120 }, b: { running: 0, waitingForSlot: 1, servedAt: 150 } });
    queue.recheck();
    await second;
    assert.deepEqual(started, ['a'], 'b waits again, but a (served at 100) now goes first');
    hold.open();
    await first;
  });

  it('publishes as waiting for a slot only what a slot would start, not what its own share holds back', async () => {
    const cluster = clusterView(() => 7);
    const queue = createFairQueue({ slots: 3, perKey: 1, now: () => 0, cluster });
    const hold = gate();
    const work = [0, 1, 2].map(() => queue.run('a', () => hold.promise));
    await tick();
    assert.deepEqual(queue.shared(), new Map([['a', { running: 1, waitingForSlot: 0, servedAt: 7 }]]));
    hold.open();
    await Promise.all(work);
    assert.deepEqual(queue.shared(), new Map());
  });

  it('splits the slots free at a read with the other processes waiting then, the first in line taking the odd one', async () => {
    const hold = gate();
    const startedOn = async (place: number): Promise<number> => {
      const cluster = clusterView();
      const queue = createFairQueue({ slots: 3, perKey: 2, now: () => 0, cluster });
      // Read: the engine idle, two processes (this one and another) waiting for slots.
      cluster.set({ x: { running: 0, waitingForSlot: 2 } }, { processes: 2, place });
      queue.recheck();
      let started = 0;
      const work = ['a', 'b', 'c'].map((key) =>
        queue.run(key, async () => {
          started += 1;
          await hold.promise;
        }),
      );
      await tick();
      void Promise.all(work);
      return started;
    };
    assert.deepEqual([await startedOn(0), await startedOn(1)], [2, 1], 'together no more than the 3 slots');
    hold.open();
  });

  it('without a cluster view, counts only its own work (the embedded engine)', async () => {
    const queue = createFairQueue({ slots: 1, perKey: 1, now: () => 0 });
    await queue.run('a', async () => undefined);
    assert.deepEqual(queue.shared(), new Map());
  });
});
