import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createForegroundGate, type ForegroundGateOptions } from './foreground-gate.js';

const settings = (overrides: Partial<ForegroundGateOptions> = {}): ForegroundGateOptions => ({
  maxWaitMs: 60_000,
  share: () => 0.5,
  runGapMs: 1000,
  recentMs: 1000,
  now: () => 0,
  ...overrides,
});

describe('foreground gate', () => {
  it('lets background work through at once when nothing interactive runs', async () => {
    const gate = createForegroundGate(settings());
    assert.equal(await gate.background(async () => 'done'), 'done');
  });

  it('holds background work until interactive work ends', async () => {
    const gate = createForegroundGate(settings());
    const order: string[] = [];
    let finish = (): void => undefined;
    const interactive = gate.interactive(() =>
      new Promise<void>((resolve) => (finish = resolve)).then(() => void order.push('interactive')),
    );
    const background = gate.background(async () => void order.push('background'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, []);
    finish();
    await Promise.all([interactive, background]);
    assert.deepEqual(order, ['interactive', 'background']);
  });

  it('never holds background work longer than its bound', async () => {
    const gate = createForegroundGate(settings({ maxWaitMs: 5 }));
    let finish = (): void => undefined;
    const interactive = gate.interactive(() => new Promise<void>((resolve) => (finish = resolve)));
    await gate.background(async () => undefined);
    finish();
    await interactive;
  });

  it('paces background statements to its share while searches keep coming, not otherwise', async () => {
    let now = 0;
    const gate = createForegroundGate(settings({ now: () => now, share: () => 0.5 }));
    await gate.interactive(async () => undefined);
    // A 300 ms statement just after a search: the next one waits as long again (half the time each).
    await gate.background(async () => void (now += 300));
    const started = Date.now();
    await gate.background(async () => undefined);
    assert.ok(Date.now() - started >= 290, 'the second statement sat out the pause');
    // Searches long gone: no pacing.
    now += 5000;
    await gate.background(async () => void (now += 300));
    const next = Date.now();
    await gate.background(async () => undefined);
    assert.ok(Date.now() - next < 150, 'no pause without recent searches');
  });

  it('gives background work the share of how long its run has lasted, and starts a new run after a break', async () => {
    let now = 0;
    const asked: number[] = [];
    const share = (runningForMs: number): number => {
      asked.push(runningForMs);
      return runningForMs < 2000 ? 0.25 : 1;
    };
    const gate = createForegroundGate(settings({ now: () => now, share, recentMs: 60_000 }));
    await gate.interactive(async () => undefined);
    // A young run: a 30 ms statement is followed by three times as long without background work.
    await gate.background(async () => void (now += 30));
    let started = Date.now();
    await gate.background(async () => void (now += 2000));
    assert.ok(Date.now() - started >= 80, 'the young run sat out three times its statement');
    // The same run 2 s on takes all the time it wants: no pause.
    started = Date.now();
    await gate.background(async () => undefined);
    assert.ok(Date.now() - started < 60, 'the old run is not paced');
    assert.deepEqual(asked, [30, 2030, 2030]);
    // After a break longer than runGapMs, a new run starts young again.
    now += 1500;
    await gate.interactive(async () => undefined);
    await gate.background(async () => void (now += 10));
    assert.equal(asked.at(-1), 10);
  });

  it('counts interactive work that fails as finished', async () => {
    const gate = createForegroundGate(settings());
    await assert.rejects(
      gate.interactive(() => Promise.reject(new Error('engine said no'))),
      /engine said no/,
    );
    await gate.background(async () => undefined);
  });
});
