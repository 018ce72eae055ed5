/** Web UI sign-in over HTTP: cookie, CSRF, roles, throttling, and sessions ending at once (decisions 0520–0522). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, createSubAccount } from '../support/control-plane-client.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { adminUserId, createWebUser, setPasswordByInvite, signIn, WEB_PASSWORD, type WebSession } from '../support/web-users.js';

const ADMIN = 'admin@example.com';
const SEARCH = { query: { match_all: {} }, size: 1 };

for (const backend of controlPlaneBackends) {
  describe(`web sessions (${backend.name})`, () => {
    let t: TestApp;
    const as = (session: WebSession, method: 'GET' | 'POST', url: string, payload?: object, csrf = true) =>
      t.api.inject({
        method,
        url,
        headers: { cookie: session.cookie, ...(csrf ? { 'x-csrf-token': session.csrfToken } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });

    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
      await setPasswordByInvite(t, await adminUserId(t));
    });
    after(async () => t.close());

    it('signs in with an HttpOnly SameSite cookie and searches with it, never with a token', async () => {
      const response = await t.api.inject({
        method: 'POST',
        url: '/v1/session/sign-in',
        payload: { email: ADMIN, password: WEB_PASSWORD },
      });
      assert.equal(response.statusCode, 200, response.body);
      const cookie = String(response.headers['set-cookie']);
      assert.match(cookie, /^logward_session=[A-Za-z0-9_-]{40,}; Path=\/; HttpOnly; SameSite=Strict/);
      assert.doesNotMatch(response.body, new RegExp(t.apiToken));
      const session = await signIn(t, ADMIN);
      const info = await as(session, 'GET', '/v1/session');
      assert.equal(info.statusCode, 200);
      assert.deepEqual(
        { email: info.json<{ email: string }>().email, role: info.json<{ role: string }>().role },
        { email: ADMIN, role: 'admin' },
      );
      assert.equal((await as(session, 'POST', '/v1/search', SEARCH)).statusCode, 200);
    });

    it("answers a request with other cookies and no token as Logz.io does, and an ended session's cookie with 401", async () => {
      const foreign = await t.api.inject({ method: 'POST', url: '/v1/search', headers: { cookie: 'other=1' }, payload: SEARCH });
      assert.equal(foreign.statusCode, 403);
      assert.deepEqual(foreign.json(), { code: 403, message: 'Insufficient privileges' });
      const ended = await t.api.inject({ method: 'GET', url: '/v1/session', headers: { cookie: 'logward_session=gone' } });
      assert.equal(ended.statusCode, 401);
    });

    it('refuses a state-changing call without the CSRF token', async () => {
      const session = await signIn(t, ADMIN);
      const refused = await as(session, 'POST', '/v1/search', SEARCH, false);
      assert.equal(refused.statusCode, 403);
      assert.match(refused.body, /CSRF/);
      assert.equal((await as({ ...session, csrfToken: 'wrong' }, 'POST', '/v1/search', SEARCH)).statusCode, 403);
    });

    it('answers the same for an unknown e-mail and a wrong password, and throttles repeated failures', async () => {
      const unknown = await t.api.inject({
        method: 'POST',
        url: '/v1/session/sign-in',
        payload: { email: 'nobody@example.com', password: 'x' },
      });
      assert.equal(unknown.statusCode, 401);
      const wrong = { email: 'throttled@example.com', password: 'wrong password' };
      await createWebUser(t, wrong.email, 'USER_ROLE_REGULAR');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push(
          (await t.api.inject({ method: 'POST', url: '/v1/session/sign-in', payload: wrong, remoteAddress: '10.0.0.9' })).statusCode,
        );
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
      const correct = await t.api.inject({
        method: 'POST',
        url: '/v1/session/sign-in',
        payload: { ...wrong, password: WEB_PASSWORD },
        remoteAddress: '10.0.0.10',
      });
      assert.equal(correct.statusCode, 429, 'the e-mail stays throttled whatever the address');
      assert.ok(Number(correct.headers['retry-after']) > 0);
    });

    it("enforces the user's role: a read-only user searches but cannot write", async () => {
      await createWebUser(t, 'reader@example.com', 'USER_ROLE_READONLY');
      const reader = await signIn(t, 'reader@example.com');
      assert.equal((await as(reader, 'GET', '/v1/session')).json<{ role: string }>().role, 'read-only');
      assert.equal((await as(reader, 'POST', '/v1/search', SEARCH)).statusCode, 200);
      const marker = await as(reader, 'POST', '/v2/markers/create-markers', { markers: [{ title: 'x', description: 'y' }] });
      assert.equal(marker.statusCode, 403);
    });

    it('ends the session at once on suspension, deletion, sign-out and an authentication-group update', async () => {
      const id = await createWebUser(t, 'leaving@example.com', 'USER_ROLE_REGULAR');
      let session = await signIn(t, 'leaving@example.com');
      assert.equal((await as(session, 'GET', '/v1/session')).statusCode, 200);
      assert.equal((await call(t, 'POST', `/v1/user-management/suspend/${id}`, t.apiToken)).statusCode, 200);
      assert.equal((await as(session, 'GET', '/v1/session')).statusCode, 401);
      assert.equal((await call(t, 'POST', `/v1/user-management/unsuspend/${id}`, t.apiToken)).statusCode, 200);

      session = await signIn(t, 'leaving@example.com');
      await as(session, 'POST', '/v1/session/sign-out');
      assert.equal((await as(session, 'GET', '/v1/session')).statusCode, 401);

      session = await signIn(t, 'leaving@example.com');
      await new Promise((resolve) => setTimeout(resolve, 2));
      assert.equal((await call(t, 'POST', '/v1/authentication/groups', t.apiToken, [])).statusCode, 200);
      assert.equal((await as(session, 'GET', '/v1/session')).statusCode, 401);

      await new Promise((resolve) => setTimeout(resolve, 2));
      session = await signIn(t, 'leaving@example.com');
      assert.equal((await call(t, 'DELETE', `/v1/user-management/${id}`, t.apiToken)).statusCode, 200);
      assert.equal((await as(session, 'GET', '/v1/session')).statusCode, 401);
    });

    it('lets a user of several accounts pick one, and move to another', async () => {
      const sub = await createSubAccount(t, { accountName: 'picked' });
      const id = await createWebUser(t, 'two@example.com', 'USER_ROLE_REGULAR');
      const joined = await call(t, 'POST', '/v1/user-management', t.apiToken, {
        username: 'two@example.com',
        fullName: 'two',
        accountID: sub.accountId,
        role: 'USER_ROLE_READONLY',
      });
      assert.equal(joined.json<{ id: number }>().id, id);
      const choose = await t.api.inject({
        method: 'POST',
        url: '/v1/session/sign-in',
        payload: { email: 'two@example.com', password: WEB_PASSWORD },
      });
      assert.equal(choose.statusCode, 200);
      assert.equal(choose.headers['set-cookie'], undefined);
      const accounts = choose.json<{ accounts: { accountId: number }[] }>().accounts.map((a) => a.accountId);
      assert.deepEqual(new Set(accounts), new Set([t.mainAccountId, sub.accountId]));
      const session = await signIn(t, 'two@example.com', WEB_PASSWORD, sub.accountId);
      const info = (await as(session, 'GET', '/v1/session')).json<{ accountId: number; role: string }>();
      assert.deepEqual(info.accountId === sub.accountId && info.role, 'read-only');
      const moved = await as(session, 'POST', '/v1/session/account', { accountId: t.mainAccountId });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal(moved.json<{ role: string }>().role, 'regular');
    });

    it('uses an invite link once', async () => {
      const created = await call(t, 'POST', '/v1/user-management', t.apiToken, {
        username: 'invited@example.com',
        fullName: 'I',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_REGULAR',
      });
      const invite = await call(t, 'POST', '/v1/session/invites', t.apiToken, { userId: created.json<{ id: number }>().id });
      const { token, path } = invite.json<{ token: string; path: string }>();
      assert.equal(path, `/app/invite#${token}`);
      const accept = (password: string) =>
        t.api.inject({ method: 'POST', url: '/v1/session/invites/accept', payload: { token, password } });
      assert.equal((await accept('short')).statusCode, 400);
      assert.equal((await accept(WEB_PASSWORD)).statusCode, 200);
      assert.equal((await accept(WEB_PASSWORD)).statusCode, 404);
      await signIn(t, 'invited@example.com');
    });
  });
}
