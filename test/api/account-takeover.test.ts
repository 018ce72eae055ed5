/**
 * Issue 46: a sub account's API token must not reach a person another account holds — not by creating a user with
 * that person's e-mail, not by an invite, not by signing in with another account's id — and sessions follow
 * membership changes at once. Black box over real HTTP, on both control-plane backends.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = 'admin@example.com';
const ADMIN_PASSWORD = 'the main admin password';
const ATTACKER_PASSWORD = 'attacker-chosen password';
const USERS = '/v1/user-management';

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly cookie: string | undefined;
}

interface Session {
  readonly cookie: string;
  readonly csrfToken: string;
}

interface UserBody {
  id: number;
  username: string;
  fullName: string;
  accountID: number;
  role: string;
  active: boolean;
}

for (const backend of controlPlaneBackends) {
  describe(`account takeover through users, invites and sign-in (${backend.name}, real HTTP)`, () => {
    let t: TestApp;
    let base: string;
    let subA: { accountId: number; apiToken: string };
    let subB: { accountId: number; apiToken: string };
    let adminId: number;

    async function send(
      method: string,
      url: string,
      options: { token?: string; session?: Session; csrf?: boolean; body?: unknown } = {},
    ): Promise<Answer> {
      const headers: Record<string, string> = {};
      if (options.token !== undefined) headers['x-api-token'] = options.token;
      if (options.session !== undefined) {
        headers.cookie = options.session.cookie;
        if (options.csrf !== false) headers['x-csrf-token'] = options.session.csrfToken;
      }
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${url}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      const [cookie] = response.headers.getSetCookie();
      return { status: response.status, body, text, cookie: cookie?.split(';')[0] };
    }

    async function ok(method: string, url: string, options: Parameters<typeof send>[2]): Promise<Answer> {
      const answer = await send(method, url, options);
      assert.equal(answer.status, 200, `${method} ${url}: ${answer.text}`);
      return answer;
    }

    async function subAccount(name: string): Promise<{ accountId: number; apiToken: string }> {
      const created = await ok('POST', '/v1/account-management/time-based-accounts', {
        token: t.apiToken,
        body: { email: ADMIN, accountName: name, retentionDays: 3, sharingObjectsAccounts: [] },
      });
      const { accountId } = created.body as { accountId: number };
      const token = await ok('POST', '/v1/api-tokens/sub-account', { token: t.apiToken, body: { name: 'test', accountId } });
      return { accountId, apiToken: (token.body as { token: string }).token };
    }

    /** An invite created with `token` for `userId`, accepted with `password`: the two answers. */
    async function invite(token: string, userId: number, password: string): Promise<{ create: Answer; accept?: Answer }> {
      const create = await send('POST', '/v1/session/invites', { token, body: { userId } });
      if (create.status !== 200) return { create };
      const accept = await send('POST', '/v1/session/invites/accept', {
        body: { token: (create.body as { token: string }).token, password },
      });
      return { create, accept };
    }

    async function signIn(email: string, password: string, accountId?: number): Promise<Answer> {
      return send('POST', '/v1/session/sign-in', { body: { email, password, ...(accountId === undefined ? {} : { accountId }) } });
    }

    async function session(email: string, password: string, accountId?: number): Promise<Session> {
      const answer = await signIn(email, password, accountId);
      const body = answer.body as { signedIn?: boolean; session?: { csrfToken: string } };
      assert.ok(body.signedIn === true && body.session !== undefined && answer.cookie !== undefined, answer.text);
      return { cookie: answer.cookie, csrfToken: body.session.csrfToken };
    }

    async function userIn(accountId: number, userId: number): Promise<UserBody | undefined> {
      const list = await ok('GET', `${USERS}?accountId=${accountId}`, { token: t.apiToken });
      return (list.body as UserBody[]).find((u) => u.id === userId);
    }

    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
      await t.listen();
      base = `http://127.0.0.1:${(t.api.server.address() as AddressInfo).port}`;
      subA = await subAccount('a');
      subB = await subAccount('b');
      const users = await ok('GET', USERS, { token: t.apiToken });
      adminId = ((users.body as UserBody[])[0] as UserBody).id;
      const set = await invite(t.apiToken, adminId, ADMIN_PASSWORD);
      assert.equal(set.accept?.status, 200, set.accept?.text);
    });
    after(async () => t.close());

    it("the issue's path: a sub account token cannot take over the main account's admin", async () => {
      // A new e-mail and the main admin's e-mail get the same kind of answer, and neither is the admin's id.
      const fresh = await send('POST', USERS, {
        token: subA.apiToken,
        body: { username: 'fresh@example.com', fullName: 'x', accountID: subA.accountId, role: 'USER_ROLE_READONLY' },
      });
      const taken = await send('POST', USERS, {
        token: subA.apiToken,
        body: { username: ADMIN, fullName: 'x', accountID: subA.accountId, role: 'USER_ROLE_READONLY' },
      });
      assert.equal(taken.status, fresh.status, taken.text);
      assert.deepEqual(Object.keys(taken.body as object), Object.keys(fresh.body as object));
      const takenId = (taken.body as { id: number }).id;
      assert.notEqual(takenId, adminId, 'the main admin id was revealed');

      // The invite A makes for that user sets the password of A's record only.
      const attack = await invite(subA.apiToken, takenId, ATTACKER_PASSWORD);
      assert.equal(attack.accept?.status, 200, 'A may invite its own user');
      const toMain = await signIn(ADMIN, ATTACKER_PASSWORD, t.mainAccountId);
      assert.notEqual(toMain.status, 200, `signed in to main with the attacker's password: ${toMain.text}`);
      const anywhere = await signIn(ADMIN, ATTACKER_PASSWORD);
      const accounts = anywhere.body as { session?: { accountId: number }; accounts?: { accountId: number }[] };
      const reached = [accounts.session?.accountId, ...(accounts.accounts ?? []).map((a) => a.accountId)].filter((id) => id !== undefined);
      assert.deepEqual(reached, [subA.accountId], "the attacker's password opens A only");

      // Nothing changed for the admin: name, membership, password.
      const admin = await userIn(t.mainAccountId, adminId);
      assert.deepEqual(
        { fullName: admin?.fullName, role: admin?.role, active: admin?.active },
        { fullName: 'Administrator', role: 'USER_ROLE_ACCOUNT_ADMIN', active: true },
      );
      const mainSession = await session(ADMIN, ADMIN_PASSWORD, t.mainAccountId);
      const whoami = await ok('GET', '/v1/session', { session: mainSession });
      assert.equal((whoami.body as { userId: number }).userId, adminId);
    });

    it("refuses an invite for another account's person as if the user did not exist", async () => {
      const direct = await invite(subA.apiToken, adminId, ATTACKER_PASSWORD);
      const unknown = await invite(subA.apiToken, 2_000_000_001, ATTACKER_PASSWORD);
      assert.equal(direct.create.status, 404, direct.create.text);
      const { requestId: _a, ...refused } = direct.create.body as Record<string, unknown>;
      const { requestId: _b, ...missing } = JSON.parse(unknown.create.text.replace(/2000000001/g, String(adminId))) as Record<
        string,
        unknown
      >;
      assert.deepEqual(refused, missing);
      assert.equal((await signIn(ADMIN, ATTACKER_PASSWORD, t.mainAccountId)).status === 200, false);
    });

    it("cannot reach a sibling's person: not its name, password, membership or sessions", async () => {
      const bob = await ok('POST', USERS, {
        token: subB.apiToken,
        body: { username: 'bob@example.com', fullName: 'Bob', accountID: subB.accountId, role: 'USER_ROLE_ACCOUNT_ADMIN' },
      });
      const bobId = (bob.body as { id: number }).id;
      assert.equal((await invite(subB.apiToken, bobId, 'bob password 123')).accept?.status, 200);
      const bobSession = await session('bob@example.com', 'bob password 123', subB.accountId);

      const copy = await ok('POST', USERS, {
        token: subA.apiToken,
        body: { username: 'bob@example.com', fullName: 'Renamed', accountID: subA.accountId, role: 'USER_ROLE_READONLY' },
      });
      const copyId = (copy.body as { id: number }).id;
      assert.notEqual(copyId, bobId);
      for (const [method, url, body] of [
        ['PUT', `${USERS}/${bobId}`, { username: 'bob@example.com', fullName: 'Renamed', accountID: subA.accountId }],
        ['PUT', `${USERS}/${bobId}`, { username: 'bob@example.com', fullName: 'Renamed', accountID: subB.accountId }],
        ['POST', `${USERS}/suspend/${bobId}`, undefined],
        ['DELETE', `${USERS}/${bobId}`, undefined],
        ['DELETE', `${USERS}/${copyId}/recursive`, undefined],
        ['PUT', `${USERS}/${bobId}/suspend/recursive`, undefined],
      ] as const) {
        const answer = await send(method, url, { token: subA.apiToken, ...(body === undefined ? {} : { body }) });
        assert.notEqual(answer.status, 200, `${method} ${url} answered ${answer.text}`);
      }
      assert.equal((await invite(subA.apiToken, copyId, ATTACKER_PASSWORD)).accept?.status, 200);
      assert.notEqual((await signIn('bob@example.com', ATTACKER_PASSWORD, subB.accountId)).status, 200);

      const seen = await userIn(subB.accountId, bobId);
      assert.deepEqual({ fullName: seen?.fullName, active: seen?.active }, { fullName: 'Bob', active: true });
      assert.equal((await send('GET', '/v1/session', { session: bobSession })).status, 200, "bob's session still works");
      assert.equal((await signIn('bob@example.com', 'bob password 123', subB.accountId)).status, 200, "bob's password unchanged");
    });

    it('renaming a person in one account leaves their name in the others (a main-held person in A)', async () => {
      const carol = await ok('POST', USERS, {
        token: t.apiToken,
        body: { username: 'carol@example.com', fullName: 'Carol', accountID: t.mainAccountId, role: 'USER_ROLE_REGULAR' },
      });
      const carolId = (carol.body as { id: number }).id;
      const inA = await ok('POST', USERS, {
        token: t.apiToken,
        body: { username: 'carol@example.com', fullName: 'Carol', accountID: subA.accountId, role: 'USER_ROLE_REGULAR' },
      });
      assert.equal((inA.body as { id: number }).id, carolId, "the organisation's owner adds one person to several accounts");
      await ok('PUT', `${USERS}/${carolId}`, {
        token: subA.apiToken,
        body: { username: 'carol@example.com', fullName: 'Mallory', accountID: subA.accountId, role: 'USER_ROLE_READONLY' },
      });
      assert.equal((await userIn(subA.accountId, carolId))?.fullName, 'Mallory');
      assert.equal((await userIn(t.mainAccountId, carolId))?.fullName, 'Carol');
      // A may not set the password of a person main holds.
      assert.equal((await invite(subA.apiToken, carolId, ATTACKER_PASSWORD)).create.status, 404);
      // Asking for the e-mail again in A answers the duplicate A can see in its own list, and attaches nothing.
      const again = await send('POST', USERS, {
        token: subA.apiToken,
        body: { username: 'carol@example.com', fullName: 'x', accountID: subA.accountId },
      });
      assert.equal(again.status, 400, again.text);
    });

    it('an invite re-sets a password only when the current one is proved', async () => {
      const dan = await ok('POST', USERS, {
        token: t.apiToken,
        body: { username: 'dan@example.com', fullName: 'Dan', accountID: t.mainAccountId, role: 'USER_ROLE_REGULAR' },
      });
      const danId = (dan.body as { id: number }).id;
      assert.equal((await invite(t.apiToken, danId, 'dan password 1')).accept?.status, 200);
      const second = await invite(t.apiToken, danId, 'dan password 2');
      assert.notEqual(second.accept?.status, 200, 'a second invite re-set a password without the current one');
      assert.equal((await signIn('dan@example.com', 'dan password 1')).status, 200);
      const link = await ok('POST', '/v1/session/invites', { token: t.apiToken, body: { userId: danId } });
      const proved = await send('POST', '/v1/session/invites/accept', {
        body: { token: (link.body as { token: string }).token, password: 'dan password 2', currentPassword: 'dan password 1' },
      });
      assert.equal(proved.status, 200, proved.text);
      assert.equal((await signIn('dan@example.com', 'dan password 2')).status, 200);
    });

    it('removing, suspending and demoting a user ends or narrows its sessions in that account at once', async () => {
      const erin = await ok('POST', USERS, {
        token: t.apiToken,
        body: { username: 'erin@example.com', fullName: 'Erin', accountID: subA.accountId, role: 'USER_ROLE_ACCOUNT_ADMIN' },
      });
      const erinId = (erin.body as { id: number }).id;
      await ok('POST', USERS, {
        token: t.apiToken,
        body: { username: 'erin@example.com', fullName: 'Erin', accountID: subB.accountId, role: 'USER_ROLE_REGULAR' },
      });
      assert.equal((await invite(t.apiToken, erinId, 'erin password 1')).accept?.status, 200);
      const inA = await session('erin@example.com', 'erin password 1', subA.accountId);
      const inB = await session('erin@example.com', 'erin password 1', subB.accountId);

      // Demoted: the same session is read-only at once.
      await ok('PUT', `${USERS}/${erinId}`, {
        token: subA.apiToken,
        body: { username: 'erin@example.com', fullName: 'Erin', accountID: subA.accountId, role: 'USER_ROLE_READONLY' },
      });
      assert.equal((await ok('GET', '/v1/session', { session: inA }).then((a) => a.body as { role: string })).role, 'read-only');

      // Suspended in A: the A session ends, B's goes on; unsuspending does not bring the old one back.
      await ok('POST', `${USERS}/suspend/${erinId}`, { token: subA.apiToken });
      assert.equal((await send('GET', '/v1/session', { session: inA })).status, 401);
      assert.equal((await send('GET', '/v1/session', { session: inB })).status, 200);
      await ok('POST', `${USERS}/unsuspend/${erinId}`, { token: subA.apiToken });
      assert.equal((await send('GET', '/v1/session', { session: inA })).status, 401, 'unsuspending revived an old session');

      // Removed from A and added back: the session of before stays ended.
      const again = await session('erin@example.com', 'erin password 1', subA.accountId);
      await ok('DELETE', `${USERS}/${erinId}`, { token: subA.apiToken });
      await ok('POST', USERS, {
        token: t.apiToken,
        body: { username: 'erin@example.com', fullName: 'Erin', accountID: subA.accountId, role: 'USER_ROLE_ACCOUNT_ADMIN' },
      });
      assert.equal((await send('GET', '/v1/session', { session: again })).status, 401, 'a removed membership kept its session');
      assert.equal((await send('GET', '/v1/session', { session: inB })).status, 200);
    });

    it('signing out needs the CSRF token', async () => {
      const s = await session(ADMIN, ADMIN_PASSWORD, t.mainAccountId);
      const forged = await send('POST', '/v1/session/sign-out', { session: s, csrf: false });
      assert.equal(forged.status, 403, forged.text);
      assert.equal((await send('GET', '/v1/session', { session: s })).status, 200, 'a forged sign-out ended the session');
      assert.equal((await send('POST', '/v1/session/sign-out', { session: s })).status, 200);
      assert.equal((await send('GET', '/v1/session', { session: s })).status, 401);
    });
  });
}
