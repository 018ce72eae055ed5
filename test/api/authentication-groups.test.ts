import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount } from '../support/control-plane-client.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const GROUPS = '/v1/authentication/groups';
const START = Date.UTC(2026, 0, 5, 10, 0, 0);

for (const backend of controlPlaneBackends) {
  describe(`authentication groups over HTTP (${backend.name})`, () => {
    let t: TestApp;
    const clock = createManualClock(START);
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
    });
    after(async () => t.close());

    const revocations = () =>
      t.app.controlPlane.db.selectFrom('session_revocations').select(['account_id', 'revoked_at']).orderBy('revoked_at').execute();

    it('replaces the whole set in order, deletes groups left out, answers [] when cleared, and ends sessions each time', async () => {
      assert.deepEqual((await call(t, 'GET', GROUPS, t.apiToken)).json(), []);
      const set = [
        { group: 'ops', userRole: 'USER_ROLE_ACCOUNT_ADMIN' },
        { group: 'auditors', userRole: 'USER_ROLE_READONLY' },
        { group: 'devs', userRole: 'USER_ROLE_REGULAR' },
      ];
      const created = await call(t, 'POST', GROUPS, t.apiToken, set);
      assert.equal(created.statusCode, 200);
      assert.deepEqual(created.json(), set);
      assert.deepEqual((await call(t, 'GET', GROUPS, t.apiToken)).json(), set);

      clock.advance(1000);
      const smaller = [
        { group: 'devs', userRole: 'USER_ROLE_ADMIN' },
        { group: 'ops', userRole: 'USER_ROLE_ACCOUNT_ADMIN' },
      ];
      assert.deepEqual((await call(t, 'POST', GROUPS, t.apiToken, smaller)).json(), smaller);
      assert.deepEqual((await call(t, 'GET', GROUPS, t.apiToken)).json(), smaller);

      clock.advance(1000);
      const cleared = await call(t, 'POST', GROUPS, t.apiToken, []);
      assert.equal(cleared.statusCode, 200);
      assert.equal(cleared.body, '[]');
      assert.deepEqual((await call(t, 'GET', GROUPS, t.apiToken)).json(), []);

      assert.deepEqual(await revocations(), [
        { account_id: t.mainAccountId, revoked_at: START },
        { account_id: t.mainAccountId, revoked_at: START + 1000 },
        { account_id: t.mainAccountId, revoked_at: START + 2000 },
      ]);
    });

    it("keeps each account's groups to itself", async () => {
      const sub = await createSubAccount(t);
      await call(t, 'POST', GROUPS, t.apiToken, [{ group: 'main-only', userRole: 'USER_ROLE_READONLY' }]);
      assert.deepEqual((await call(t, 'GET', GROUPS, sub.apiToken)).json(), []);
      await call(t, 'POST', GROUPS, sub.apiToken, [{ group: 'sub-only', userRole: 'USER_ROLE_READONLY' }]);
      assert.deepEqual((await call(t, 'GET', GROUPS, t.apiToken)).json(), [{ group: 'main-only', userRole: 'USER_ROLE_READONLY' }]);
    });

    it('answers bad input with 400 naming the field and changes nothing', async () => {
      const before = (await call(t, 'GET', GROUPS, t.apiToken)).json<unknown[]>();
      const count = (await revocations()).length;
      const cases: [unknown, string][] = [
        [{ group: 'x', userRole: 'USER_ROLE_READONLY' }, 'body'],
        [[{ userRole: 'USER_ROLE_READONLY' }], 'body.0.group'],
        [[{ group: 'x', userRole: 'USER_ROLE_KING' }], 'body.0.userRole'],
        [
          [
            { group: 'x', userRole: 'USER_ROLE_READONLY' },
            { group: 'x', userRole: 'USER_ROLE_REGULAR' },
          ],
          'body.1.group',
        ],
      ];
      for (const [payload, field] of cases) {
        const response = await call(t, 'POST', GROUPS, t.apiToken, payload);
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(response.json<{ parameters: { field: string } }>().parameters.field, field);
      }
      assert.deepEqual((await call(t, 'GET', GROUPS, t.apiToken)).json(), before);
      assert.equal((await revocations()).length, count);
    });
  });
}
