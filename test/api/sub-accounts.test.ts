import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { SUB_ACCOUNTS, call, createSubAccount } from '../support/control-plane-client.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = 'admin@example.com';
const START = Date.UTC(2026, 0, 5, 10, 0, 0);

interface SubAccountBody {
  accountId: number;
  accountName: string;
  email: string | null;
  isOwner: boolean;
  maxDailyGB: number;
  reservedDailyGB: number | null;
  isFlexible: boolean;
  retentionDays: number;
  searchable: boolean;
  accessible: boolean;
  docSizeSetting: boolean;
  sharingObjectsAccounts: { accountId: number; accountName: string }[];
  utilizationSettings: { frequencyMinutes: number | null; utilizationEnabled: boolean };
  softLimitGB: number | null;
  snapsearchRetentionDays: number | null;
}

for (const backend of controlPlaneBackends) {
  describe(`sub accounts over HTTP (${backend.name})`, () => {
    let t: TestApp;
    const clock = createManualClock(START);
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN } });
    });
    after(async () => t.close());

    it('walks create → read → update → delete → 404 with the Terraform status codes', async () => {
      const sibling = await createSubAccount(t, { accountName: 'sibling' });
      const created = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, {
        email: ADMIN,
        accountName: 'team-a',
        retentionDays: 7,
        sharingObjectsAccounts: [sibling.accountId, t.mainAccountId],
        searchable: 'true',
        accessible: 'false',
        docSizeSetting: 'true',
        maxDailyGB: 2.5,
        utilizationSettings: { frequencyMinutes: 10, utilizationEnabled: 'true' },
        snapSearchRetentionDays: 2,
      });
      assert.equal(created.statusCode, 200, created.body);
      const { accountId, accountToken } = created.json<{ accountId: number; accountToken: string }>();
      assert.match(accountToken, /^[A-Za-z0-9]{32}$/);

      const read = await call(t, 'GET', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken);
      assert.equal(read.statusCode, 200);
      assert.deepEqual(read.json(), {
        accountId,
        email: ADMIN,
        accountName: 'team-a',
        isOwner: false,
        maxDailyGB: 2.5,
        reservedDailyGB: null,
        isFlexible: false,
        retentionDays: 7,
        searchable: true,
        accessible: false,
        docSizeSetting: true,
        sharingObjectsAccounts: [
          { accountId: sibling.accountId, accountName: 'sibling' },
          { accountId: t.mainAccountId, accountName: 'main' },
        ],
        utilizationSettings: { frequencyMinutes: 10, utilizationEnabled: true },
        softLimitGB: null,
        snapsearchRetentionDays: 2,
      } satisfies SubAccountBody);

      const detailed = (await call(t, 'GET', `${SUB_ACCOUNTS}/detailed/${accountId}`, t.apiToken)).json<{
        account: { accountToken: string };
        sharingObjectsAccounts: { accountId: number; accountName: string; accountToken: string }[];
      }>();
      assert.equal(detailed.account.accountToken, accountToken);
      assert.deepEqual(
        detailed.sharingObjectsAccounts.map((a) => [a.accountId, a.accountName, a.accountToken]),
        [
          [sibling.accountId, 'sibling', sibling.accountToken],
          [t.mainAccountId, 'main', t.shippingToken],
        ],
      );

      clock.advance(60_000);
      const updated = await call(t, 'PUT', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken, {
        email: ADMIN,
        accountName: 'team-a2',
        retentionDays: 30,
        isFlexible: 'true',
        maxDailyGB: 4,
        reservedDailyGB: 1,
        sharingObjectsAccounts: [],
        snapsearchRetentionDays: 3,
      });
      assert.equal(updated.statusCode, 204, updated.body);
      assert.equal(updated.body, '');
      const after = (await call(t, 'GET', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken)).json<SubAccountBody>();
      assert.equal(after.accountName, 'team-a2');
      assert.equal(after.retentionDays, 7, 'retention is never changed by an update');
      assert.equal(after.isFlexible, true);
      assert.equal(after.reservedDailyGB, 1);
      assert.equal(after.maxDailyGB, 4);
      assert.equal(after.searchable, false, 'an omitted setting falls back to its default');
      assert.equal(after.docSizeSetting, false);
      assert.deepEqual(after.utilizationSettings, { frequencyMinutes: 5, utilizationEnabled: false });
      assert.deepEqual(after.sharingObjectsAccounts, []);
      assert.equal(after.snapsearchRetentionDays, 3);

      const deleted = await call(t, 'DELETE', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken);
      assert.equal(deleted.statusCode, 204);
      for (const url of [`${SUB_ACCOUNTS}/${accountId}`, `${SUB_ACCOUNTS}/detailed/${accountId}`]) {
        const gone = await call(t, 'GET', url, t.apiToken);
        assert.equal(gone.statusCode, 404);
        assert.equal(gone.json<{ errorCode: string }>().errorCode, 'TimeBasedAccount/ACCOUNT_NOT_FOUND');
      }
      const putGone = await call(t, 'PUT', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken, { accountName: 'x', sharingObjectsAccounts: [] });
      assert.equal(putGone.statusCode, 404, putGone.body);
      assert.equal((await call(t, 'DELETE', `${SUB_ACCOUNTS}/${accountId}`, t.apiToken)).statusCode, 404);
      const shippingTokens = await t.app.controlPlane.db
        .selectFrom('shipping_tokens')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      assert.deepEqual(shippingTokens, [], "the account's tokens went with it");
    });

    it('defaults every optional setting on create and gives the account a shipping token and nothing else', async () => {
      const response = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, {
        email: ADMIN,
        accountName: 'defaults',
        retentionDays: 1,
        sharingObjectsAccounts: [],
      });
      const created = response.json<{ accountId: number; accountToken: string }>();
      const body = (await call(t, 'GET', `${SUB_ACCOUNTS}/${created.accountId}`, t.apiToken)).json<SubAccountBody>();
      assert.equal(body.maxDailyGB, 0, 'maxDailyGB 0: the account accepts nothing until raised');
      assert.equal(body.isFlexible, false);
      assert.equal(body.searchable, false);
      assert.equal(body.accessible, false);
      assert.equal(body.docSizeSetting, false);
      assert.equal(body.reservedDailyGB, null);
      const db = t.app.controlPlane.db;
      const tokens = await db
        .selectFrom('shipping_tokens')
        .select(['token', 'enabled'])
        .where('account_id', '=', created.accountId)
        .execute();
      assert.deepEqual(tokens, [{ token: created.accountToken, enabled: 1 }]);
      assert.deepEqual(await db.selectFrom('api_tokens').select('id').where('account_id', '=', created.accountId).execute(), []);
      assert.deepEqual(await db.selectFrom('account_users').select('user_id').where('account_id', '=', created.accountId).execute(), []);
    });

    it('lists the main account first, then sub accounts, plain and detailed', async () => {
      const createdAt = clock.now();
      const sub = await createSubAccount(t, { accountName: 'listed', searchable: true });
      const list = (await call(t, 'GET', SUB_ACCOUNTS, t.apiToken)).json<SubAccountBody[]>();
      assert.equal(list[0]?.accountId, t.mainAccountId);
      assert.equal(list[0]?.isOwner, true);
      assert.ok(list.some((a) => a.accountId === sub.accountId && a.accountName === 'listed'));

      const detailed = await call(t, 'GET', `${SUB_ACCOUNTS}/detailed`, t.apiToken);
      assert.equal(detailed.statusCode, 200);
      const views = detailed.json<{ subAccountRelation: { subAccountId: number; type: string; ownerAccountId: number } }[]>();
      assert.equal(views[0]?.subAccountRelation.type, 'OWNER_ACCOUNT');
      assert.equal(views.find((v) => v.subAccountRelation.subAccountId === sub.accountId)?.subAccountRelation.type, 'SUB_ACCOUNT');

      const one = await call(t, 'GET', `${SUB_ACCOUNTS}/detailed/${sub.accountId}`, t.apiToken);
      const view = one.json<{
        subAccountRelation: Record<string, unknown>;
        account: { accountToken: string; esIndexPrefix: string; active: boolean };
        dailyUsagesList: { usage: unknown[] };
      }>();
      assert.equal(view.account.accountToken, sub.accountToken);
      assert.equal(view.account.active, true);
      assert.equal(typeof view.account.esIndexPrefix, 'string');
      assert.deepEqual(view.dailyUsagesList, { usage: [] });
      assert.equal(view.subAccountRelation.ownerAccountId, t.mainAccountId);
      assert.equal(view.subAccountRelation.searchable, true);
      assert.equal(view.subAccountRelation.createdDate, createdAt);
      assert.equal(typeof view.subAccountRelation.lastUpdaterUserId, 'number', 'the admin behind the bootstrap token');
    });

    it("refuses every sub-account operation to a sub account's token with 403", async () => {
      const sub = await createSubAccount(t);
      const calls: [Parameters<typeof call>[1], string, unknown?][] = [
        ['GET', SUB_ACCOUNTS],
        ['GET', `${SUB_ACCOUNTS}/detailed`],
        ['GET', `${SUB_ACCOUNTS}/${sub.accountId}`],
        ['GET', `${SUB_ACCOUNTS}/detailed/${sub.accountId}`],
        ['POST', SUB_ACCOUNTS, { email: ADMIN, accountName: 'x', retentionDays: 1, sharingObjectsAccounts: [] }],
        ['PUT', `${SUB_ACCOUNTS}/${sub.accountId}`, { accountName: 'x', sharingObjectsAccounts: [] }],
        ['DELETE', `${SUB_ACCOUNTS}/${sub.accountId}`],
      ];
      for (const [method, url, payload] of calls) {
        const response = await call(t, method, url, sub.apiToken, payload);
        assert.equal(response.statusCode, 403, `${method} ${url} ${response.body}`);
        assert.deepEqual(response.json(), { code: 403, message: 'Insufficient privileges' });
      }
      assert.equal(
        (await call(t, 'GET', `${SUB_ACCOUNTS}/${sub.accountId}`, t.apiToken)).json<SubAccountBody>().accountName.startsWith('sub '),
        true,
      );
    });

    it('updates the main account too, keeping its volumes and retention while it is not flexible', async () => {
      const before = (await call(t, 'GET', `${SUB_ACCOUNTS}/${t.mainAccountId}`, t.apiToken)).json<SubAccountBody>();
      const updated = await call(t, 'PUT', `${SUB_ACCOUNTS}/${t.mainAccountId}`, t.apiToken, {
        accountName: 'main',
        sharingObjectsAccounts: [],
        maxDailyGB: 1,
        retentionDays: 1,
        searchable: true,
      });
      assert.equal(updated.statusCode, 204, updated.body);
      const after = (await call(t, 'GET', `${SUB_ACCOUNTS}/${t.mainAccountId}`, t.apiToken)).json<SubAccountBody>();
      assert.deepEqual(
        [after.maxDailyGB, after.retentionDays, after.searchable, after.isOwner],
        [before.maxDailyGB, before.retentionDays, true, true],
      );
    });

    it('answers bad input with 400 naming the field, and writes nothing', async () => {
      const count = async () =>
        Number(
          (
            await t.app.controlPlane.db
              .selectFrom('accounts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const valid = { email: ADMIN, accountName: 'ok', retentionDays: 1, sharingObjectsAccounts: [] };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, email: undefined }, 'body.email'],
        [{ ...valid, email: 'not-an-email' }, 'body.email'],
        [{ ...valid, email: 'nobody@example.com' }, 'body.email'],
        [{ ...valid, accountName: undefined }, 'body.accountName'],
        [{ ...valid, accountName: 'a/b' }, 'body.accountName'],
        [{ ...valid, retentionDays: 0 }, 'body.retentionDays'],
        [{ ...valid, retentionDays: undefined }, 'body.retentionDays'],
        [{ ...valid, sharingObjectsAccounts: undefined }, 'body.sharingObjectsAccounts'],
        [{ ...valid, sharingObjectsAccounts: [123] }, 'body.sharingObjectsAccounts'],
        [{ ...valid, maxDailyGB: -1 }, 'body.maxDailyGB'],
        [{ ...valid, searchable: 'maybe' }, 'body.searchable'],
        [{ ...valid, isFlexible: true, maxDailyGB: 1, reservedDailyGB: 2 }, 'body.reservedDailyGB'],
      ];
      for (const [body, field] of cases) {
        const response = await call(t, 'POST', SUB_ACCOUNTS, t.apiToken, body);
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        const error = response.json<{ errorCode: string; message: string; parameters: { field?: string } }>();
        assert.equal(error.parameters.field, field, response.body);
      }
      for (const id of ['abc', '2147483648', '1.5']) {
        const response = await call(t, 'GET', `${SUB_ACCOUNTS}/${id}`, t.apiToken);
        assert.equal(response.statusCode, 400, id);
        assert.equal(response.json<{ parameters: { field: string } }>().parameters.field, 'params.id');
      }
      assert.equal((await call(t, 'DELETE', `${SUB_ACCOUNTS}/${t.mainAccountId}`, t.apiToken)).statusCode, 400);
      assert.equal(await count(), before);
    });
  });
}
