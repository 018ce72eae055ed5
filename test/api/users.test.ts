import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount, type CreatedSubAccount } from '../support/control-plane-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = 'admin@example.com';
const USERS = '/v1/user-management';

interface UserBody {
  id: number;
  username: string;
  fullName: string;
  accountID: number;
  role: string;
  active: boolean;
}

for (const backend of controlPlaneBackends) {
  describe(`users over HTTP (${backend.name})`, () => {
    let t: TestApp;
    let subA: CreatedSubAccount;
    let subB: CreatedSubAccount;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
      subA = await createSubAccount(t, { accountName: 'a' });
      subB = await createSubAccount(t, { accountName: 'b' });
    });
    after(async () => t.close());

    const createUser = async (token: string, body: Record<string, unknown>): Promise<number> => {
      const response = await call(t, 'POST', USERS, token, body);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ id: number }>().id;
    };

    it('walks create → read → update → suspend → unsuspend → delete → 404', async () => {
      const id = await createUser(t.apiToken, {
        username: 'ron@example.com',
        fullName: 'Ron',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_READONLY',
      });
      const read = await call(t, 'GET', `${USERS}/${id}`, t.apiToken);
      assert.deepEqual(read.json(), {
        id,
        username: 'ron@example.com',
        fullName: 'Ron',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_READONLY',
        active: true,
      });
      const list = (await call(t, 'GET', USERS, t.apiToken)).json<UserBody[]>();
      assert.deepEqual(
        list.map((u) => u.username),
        [ADMIN, 'ron@example.com'],
      );

      const updated = await call(t, 'PUT', `${USERS}/${id}`, t.apiToken, {
        username: 'ron@example.com',
        fullName: 'Ron Weasley',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_REGULAR',
      });
      assert.equal(updated.statusCode, 200);
      assert.deepEqual(updated.json(), { id });
      const afterUpdate = (await call(t, 'GET', `${USERS}/${id}`, t.apiToken)).json<UserBody>();
      assert.equal(afterUpdate.fullName, 'Ron Weasley');
      assert.equal(afterUpdate.role, 'USER_ROLE_REGULAR');

      const rename = await call(t, 'PUT', `${USERS}/${id}`, t.apiToken, {
        username: 'other@example.com',
        fullName: 'Ron',
        accountID: t.mainAccountId,
      });
      assert.equal(rename.statusCode, 400);
      assert.equal(rename.json<{ parameters: { field: string } }>().parameters.field, 'body.username');

      assert.equal((await call(t, 'POST', `${USERS}/suspend/${id}`, t.apiToken)).statusCode, 200);
      assert.equal((await call(t, 'GET', `${USERS}/${id}`, t.apiToken)).json<UserBody>().active, false);
      assert.ok(
        (await call(t, 'GET', USERS, t.apiToken)).json<UserBody[]>().some((u) => u.id === id),
        'a suspended user stays a member',
      );
      assert.equal((await call(t, 'POST', `${USERS}/unsuspend/${id}`, t.apiToken)).statusCode, 200);
      assert.equal((await call(t, 'GET', `${USERS}/${id}`, t.apiToken)).json<UserBody>().active, true);

      assert.equal((await call(t, 'DELETE', `${USERS}/${id}`, t.apiToken)).statusCode, 200);
      const gone = await call(t, 'GET', `${USERS}/${id}`, t.apiToken);
      assert.equal(gone.statusCode, 404);
      assert.equal((await call(t, 'DELETE', `${USERS}/${id}`, t.apiToken)).statusCode, 404);
      assert.equal((await call(t, 'POST', `${USERS}/suspend/${id}`, t.apiToken)).statusCode, 404);
      assert.equal(
        (await call(t, 'PUT', `${USERS}/${id}`, t.apiToken, { username: 'ron@example.com', fullName: 'R', accountID: t.mainAccountId }))
          .statusCode,
        404,
      );
    });

    it('answers a duplicate username in the same account with USER_ALREADY_EXIST', async () => {
      await createUser(t.apiToken, { username: 'dup@example.com', fullName: 'Dup', accountID: t.mainAccountId, role: 'USER_ROLE_REGULAR' });
      const again = await call(t, 'POST', USERS, t.apiToken, {
        username: 'dup@example.com',
        fullName: 'Dup',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_REGULAR',
      });
      assert.equal(again.statusCode, 400);
      const body = again.json<{ errorCode: string; message: string; requestId: string; parameters: unknown }>();
      assert.equal(body.errorCode, 'user-management/USER_ALREADY_EXIST');
      assert.equal(body.message, 'User dup@example.com already exists.');
      assert.deepEqual(body.parameters, { username: 'dup@example.com' });
    });

    it("lets a main token manage users of its sub accounts; recursive forms skip an account's last user", async () => {
      const id = await createUser(t.apiToken, {
        username: 'harry@example.com',
        fullName: 'Harry',
        accountID: t.mainAccountId,
        role: 'USER_ROLE_ACCOUNT_ADMIN',
      });
      assert.equal(
        await createUser(t.apiToken, {
          username: 'harry@example.com',
          fullName: 'Harry',
          accountID: subA.accountId,
          role: 'USER_ROLE_READONLY',
        }),
        id,
        'one person, one id',
      );
      const inSubA = (await call(t, 'GET', `${USERS}?accountId=${subA.accountId}`, t.apiToken)).json<UserBody[]>();
      assert.deepEqual(
        inSubA.map((u) => [u.id, u.accountID, u.role]),
        [[id, subA.accountId, 'USER_ROLE_READONLY']],
      );

      const recursive = (await call(t, 'GET', `${USERS}/recursive`, t.apiToken)).json<UserBody[]>();
      assert.deepEqual(
        recursive.filter((u) => u.id === id).map((u) => u.accountID),
        [t.mainAccountId, subA.accountId],
      );

      const suspended = await call(t, 'PUT', `${USERS}/${id}/suspend/recursive`, t.apiToken);
      assert.equal(suspended.statusCode, 200);
      assert.equal(
        suspended.json<{ message: string }>().message,
        `Skipped accounts where user ${id} is the last user: ${subA.accountId}. Finished suspending user ${id} from accounts.`,
      );
      assert.equal((await call(t, 'GET', `${USERS}/${id}?accountId=${t.mainAccountId}`, t.apiToken)).json<UserBody>().active, false);
      assert.equal((await call(t, 'GET', `${USERS}/${id}?accountId=${subA.accountId}`, t.apiToken)).json<UserBody>().active, true);

      const unsuspended = await call(t, 'PUT', `${USERS}/${id}/unsuspend/recursive`, t.apiToken);
      assert.equal(unsuspended.json<{ message: string }>().message, `Finished unsuspending user ${id} from accounts.`);
      assert.equal((await call(t, 'GET', `${USERS}/${id}?accountId=${t.mainAccountId}`, t.apiToken)).json<UserBody>().active, true);

      const deleted = await call(t, 'DELETE', `${USERS}/${id}/recursive`, t.apiToken);
      assert.equal(deleted.statusCode, 200);
      assert.match(
        deleted.json<{ message: string }>().message,
        new RegExp(`last user: ${subA.accountId}\\. Finished deleting user ${id} from accounts\\.$`),
      );
      assert.equal((await call(t, 'GET', `${USERS}/${id}?accountId=${t.mainAccountId}`, t.apiToken)).statusCode, 404);
      assert.equal((await call(t, 'GET', `${USERS}/${id}?accountId=${subA.accountId}`, t.apiToken)).statusCode, 200);
      assert.equal(
        (await call(t, 'DELETE', `${USERS}/${id}`, t.apiToken)).statusCode,
        200,
        'a main token finds the user in its sub account',
      );
      assert.equal((await call(t, 'GET', `${USERS}/${id}`, t.apiToken)).statusCode, 404);
    });

    it("keeps a sub account's token to its own account's users", async () => {
      const mainUser = await createUser(t.apiToken, { username: 'main.only@example.com', fullName: 'Main', accountID: t.mainAccountId });
      const bUser = await createUser(subB.apiToken, {
        username: 'b.user@example.com',
        fullName: 'B',
        accountID: subB.accountId,
        role: 'USER_ROLE_READONLY',
      });
      const aUser = await createUser(subA.apiToken, { username: 'a.user@example.com', fullName: 'A', accountID: subA.accountId });

      const own = (await call(t, 'GET', USERS, subA.apiToken)).json<UserBody[]>();
      assert.ok(own.every((u) => u.accountID === subA.accountId));
      assert.ok(own.some((u) => u.id === aUser));
      const refused: [Parameters<typeof call>[1], string, unknown?][] = [
        ['GET', `${USERS}?accountId=${t.mainAccountId}`],
        ['GET', `${USERS}?accountId=${subB.accountId}`],
        ['GET', `${USERS}/recursive`],
        ['GET', `${USERS}/${bUser}?accountId=${subB.accountId}`],
        ['POST', USERS, { username: 'x@example.com', fullName: 'X', accountID: t.mainAccountId }],
        ['POST', USERS, { username: 'x@example.com', fullName: 'X', accountID: subB.accountId }],
        ['PUT', `${USERS}/${bUser}`, { username: 'b.user@example.com', fullName: 'Changed', accountID: subB.accountId }],
        ['PUT', `${USERS}/${mainUser}`, { username: 'main.only@example.com', fullName: 'Changed', accountID: t.mainAccountId }],
        ['DELETE', `${USERS}/${bUser}?accountId=${subB.accountId}`],
        ['POST', `${USERS}/suspend/${mainUser}?accountId=${t.mainAccountId}`],
        ['PUT', `${USERS}/${mainUser}/suspend/recursive`],
        ['DELETE', `${USERS}/${mainUser}/recursive`],
      ];
      for (const [method, url, payload] of refused) {
        const response = await call(t, method, url, subA.apiToken, payload);
        assert.equal(response.statusCode, 403, `${method} ${url} ${response.body}`);
      }
      for (const url of [`${USERS}/${bUser}`, `${USERS}/${mainUser}`]) {
        assert.equal((await call(t, 'GET', url, subA.apiToken)).statusCode, 404, url);
        assert.equal((await call(t, 'DELETE', url, subA.apiToken)).statusCode, 404, url);
        assert.equal((await call(t, 'POST', `${USERS}/suspend/${url.split('/').pop() ?? ''}`, subA.apiToken)).statusCode, 404, url);
      }
      const b = (await call(t, 'GET', `${USERS}/${bUser}`, subB.apiToken)).json<UserBody>();
      assert.deepEqual([b.fullName, b.active], ['B', true], 'nothing changed in sub account B');
      assert.equal((await call(t, 'GET', `${USERS}/${mainUser}`, t.apiToken)).json<UserBody>().active, true);
    });

    it('answers bad input with 400 naming the field', async () => {
      const valid = { username: 'valid@example.com', fullName: 'Valid', accountID: t.mainAccountId, role: 'USER_ROLE_REGULAR' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, username: undefined }, 'body.username'],
        [{ ...valid, username: 'not-an-email' }, 'body.username'],
        [{ ...valid, fullName: undefined }, 'body.fullName'],
        [{ ...valid, fullName: '' }, 'body.fullName'],
        [{ ...valid, accountID: undefined }, 'body.accountID'],
        [{ ...valid, accountID: 'abc' }, 'body.accountID'],
        [{ ...valid, role: 'USER_ROLE_KING' }, 'body.role'],
      ];
      for (const [body, field] of cases) {
        const response = await call(t, 'POST', USERS, t.apiToken, body);
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        assert.equal(response.json<{ parameters: { field: string } }>().parameters.field, field);
      }
      for (const url of [`${USERS}/abc`, `${USERS}/99999999999`, `${USERS}?accountId=1e20`]) {
        assert.equal((await call(t, 'GET', url, t.apiToken)).statusCode, 400, url);
      }
      assert.equal((await call(t, 'POST', `${USERS}/suspend/x`, t.apiToken)).statusCode, 400);
      const empty = await call(t, 'POST', USERS, t.apiToken);
      assert.equal(empty.statusCode, 400, 'an empty JSON body is no body, and create needs one');
      assert.equal(empty.json<{ parameters: { field: string } }>().parameters.field, 'body');
      const malformed = await t.api.inject({
        method: 'POST',
        url: USERS,
        headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
        payload: '{"username":',
      });
      assert.equal(malformed.statusCode, 400);
      assert.equal(
        (await call(t, 'GET', USERS, t.apiToken)).json<UserBody[]>().some((u) => u.username === 'valid@example.com'),
        false,
      );
    });
  });
}
