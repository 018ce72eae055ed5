import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { postgresBackend, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock } from '../../shared/clock.js';
import { openControlPlane, type ControlPlane } from '../../storage/control-plane/index.js';
import { createSharedInFlight } from './shared-in-flight.js';

describe('in-flight requests counted across api processes (postgres, issue 51)', () => {
  let opened: OpenedControlPlane;
  let second: ControlPlane;
  before(async () => {
    opened = await postgresBackend.open();
    second = await openControlPlane(opened.url, { postgresSchema: opened.postgresSchema ?? '', migrate: false });
  });
  after(async () => {
    await second.close();
    await opened.dispose();
  });

  it("counts the other process's published requests, forgets a process that stopped or went silent", async () => {
    const clock = createManualClock(Date.UTC(2026, 11, 7, 8));
    const logger = pino({ level: 'silent' });
    const a = createSharedInFlight({ db: opened.controlPlane.db, clock, logger });
    const b = createSharedInFlight({ db: second.db, clock, logger });
    const c = createSharedInFlight({ db: second.db, clock, logger });
    a.cluster.local.set(7, 3);
    c.cluster.local.set(7, 2);
    await a.sync();
    await c.sync();
    await b.sync();
    await a.sync();
    assert.equal(b.cluster.others(7), 5);
    assert.equal(a.cluster.others(7), 2);
    assert.equal(b.cluster.others(8), 0);
    // a stops: its rows go at once.
    await a.stop();
    await b.sync();
    assert.equal(b.cluster.others(7), 2);
    // c is killed (publishes no more): after the stale limit its counts stop counting.
    clock.advance(3_001);
    await b.sync();
    assert.equal(b.cluster.others(7), 0);
    await b.stop();
    await c.stop();
  });
});
