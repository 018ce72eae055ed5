import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock } from '../../shared/clock.js';
import { openControlPlane, type ControlPlane } from '../../storage/control-plane/index.js';
import { createSharedSignInThrottle } from './sign-in-throttle.js';

for (const backend of controlPlaneBackends.filter((candidate) => candidate.name === 'postgres')) {
  describe(`sign-in throttle shared by api processes (${backend.name}, issue 51)`, () => {
    let opened: OpenedControlPlane;
    let second: ControlPlane;
    before(async () => {
      opened = await backend.open();
      // A second process: its own pool on the same store.
      second = await openControlPlane(opened.url, {
        ...(opened.postgresSchema === undefined ? {} : { postgresSchema: opened.postgresSchema }),
        migrate: false,
      });
    });
    after(async () => {
      await second.close();
      await opened.dispose();
    });

    it('counts failures made on either process: 5 in 15 minutes, then both refuse until the window passes', async () => {
      const clock = createManualClock(Date.UTC(2026, 11, 7, 8));
      const a = createSharedSignInThrottle(opened.controlPlane.db, clock);
      const b = createSharedSignInThrottle(second.db, clock);
      const keys = ['email:eve@example.com', 'ip:203.0.113.9'];
      for (let i = 0; i < 5; i += 1) {
        assert.equal(await (i % 2 === 0 ? a : b).retryAfterSeconds(keys), 0);
        await (i % 2 === 0 ? a : b).recordFailure(keys);
        clock.advance(1000);
      }
      assert.equal(await a.retryAfterSeconds(keys), 15 * 60 - 5);
      assert.equal(await b.retryAfterSeconds(['ip:203.0.113.9']), 15 * 60 - 5);
      // A success clears the e-mail's count, not the address's.
      await b.clear('email:eve@example.com');
      assert.equal(await a.retryAfterSeconds(['email:eve@example.com']), 0);
      assert.ok((await a.retryAfterSeconds(['ip:203.0.113.9'])) > 0);
      clock.advance(15 * 60 * 1000);
      assert.equal(await a.retryAfterSeconds(keys), 0);
    });
  });
}
