import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createForegroundGate } from './foreground-gate.js';

describe('foreground gate', () => {
  it('lets background work through at once when nothing interactive runs', async () => {
    const gate = createForegroundGate(60_000);
    await gate.backgroundTurn();
  });

  it('holds background work until interactive work ends', async () => {
    const gate = createForegroundGate(60_000);
    const order: string[] = [];
    let finish = (): void => undefined;
    const interactive = gate.interactive(() => new Promise<void>((resolve) => (finish = resolve)).then(() => void order.push('interactive')));
    const background = gate.backgroundTurn().then(() => void order.push('background'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, []);
    finish();
    await Promise.all([interactive, background]);
    assert.deepEqual(order, ['interactive', 'background']);
  });

  it('never holds background work longer than its bound', async () => {
    const gate = createForegroundGate(5);
    let finish = (): void => undefined;
    const interactive = gate.interactive(() => new Promise<void>((resolve) => (finish = resolve)));
    await gate.backgroundTurn();
    finish();
    await interactive;
  });

  it('counts interactive work that fails as finished', async () => {
    const gate = createForegroundGate(60_000);
    await assert.rejects(gate.interactive(() => Promise.reject(new Error('engine said no'))), /engine said no/);
    await gate.backgroundTurn();
  });
});
