import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { accountRepository, createAccountService, type Account } from '../../modules/accounts/index.js';
import { createTokenService } from '../../modules/tokens/index.js';
import { createManualClock } from '../../shared/clock.js';
import { migrateToLatest } from '../control-plane/index.js';

/** The behaviour every control-plane backend must show; runs on SQLite and PostgreSQL. */
for (const backend of controlPlaneBackends) {
  describe(`control-plane store behaviour (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    const clock = createManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
    before(async () => {
      opened = await backend.open();
    });
    after(async () => opened.dispose());

    const services = () => {
      const db = opened.controlPlane.db;
      const tokens = createTokenService({ db, clock });
      return { db, tokens, accounts: createAccountService({ db, clock, tokens, dailyUsage: async () => [], onAccountDeleted: [] }) };
    };

    it('answers a ping and migrates idempotently', async () => {
      await opened.controlPlane.ping();
      await migrateToLatest(opened.controlPlane.db as never, opened.postgresSchema);
    });

    it('bootstraps the main account exactly once', async () => {
      const { accounts } = services();
      const first = await accounts.bootstrap({
        region: 'us',
        adminEmail: 'ops@example.com',
        apiToken: undefined,
        shippingToken: undefined,
      });
      assert.equal(first.created, true);
      const second = await accounts.bootstrap({
        region: 'us',
        adminEmail: 'ops@example.com',
        apiToken: undefined,
        shippingToken: undefined,
      });
      assert.equal(second.created, false);
      const all = await accounts.listAllAccounts();
      assert.equal(all.filter((account) => account.ownerAccountId === null).length, 1);
    });

    it('round-trips every account field, including booleans, floats and JSON settings', async () => {
      const { db } = services();
      const main = (await accountRepository.listAll(db)).find((account) => account.ownerAccountId === null);
      assert.ok(main);
      const sub: Account = {
        ...main,
        id: 424242,
        name: 'sub-a',
        ownerAccountId: main.id,
        type: 'SUB_ACCOUNT',
        maxDailyGB: 2.5,
        reservedDailyGB: null,
        searchable: true,
        accessible: false,
        docSizeSetting: true,
        sharingObjectsAccounts: [main.id],
        utilizationSettings: { frequencyMinutes: 5, utilizationEnabled: true },
        createdAt: clock.now() + 1,
        updatedAt: clock.now() + 1,
      };
      await accountRepository.insert(db, sub);
      assert.deepEqual(await accountRepository.get(db, sub.id), sub);
      const tree = await accountRepository.listTree(db, main.id);
      assert.deepEqual(
        tree.map((account) => account.id),
        [main.id, sub.id],
      );
      await accountRepository.update(db, { ...sub, name: 'sub-renamed', maxDailyGB: 0 });
      assert.equal((await accountRepository.get(db, sub.id))?.name, 'sub-renamed');
      assert.equal(await accountRepository.delete(db, sub.id), true);
      assert.equal(await accountRepository.get(db, sub.id), undefined);
      assert.equal(await accountRepository.delete(db, sub.id), false);
    });

    it('stores API tokens only as hashes and revokes them at once', async () => {
      const { db, tokens, accounts } = services();
      const main = (await accounts.listAllAccounts())[0];
      assert.ok(main);
      const created = await tokens.createApiToken({ accountId: main.id, name: 'ci', createdBy: 'test' });
      const stored = await db.selectFrom('api_tokens').selectAll().where('id', '=', created.record.id).executeTakeFirstOrThrow();
      assert.notEqual(stored.token_hash, created.token);
      assert.ok(!JSON.stringify(stored).includes(created.token), 'the token value is not stored');
      const owner = await tokens.authenticateApiToken(created.token);
      assert.equal(owner?.accountId, main.id);
      assert.equal(await tokens.authenticateApiToken(`${created.token}x`), undefined);
      assert.equal(await tokens.revokeApiToken(created.record.id), true);
      assert.equal(await tokens.authenticateApiToken(created.token), undefined);
    });

    it('resolves enabled shipping tokens of the right account', async () => {
      const { tokens, accounts } = services();
      const main = (await accounts.listAllAccounts())[0];
      assert.ok(main);
      const shipping = await tokens.createShippingToken({ accountId: main.id, name: 'ship', createdBy: null });
      assert.equal(shipping.token.length, 32);
      assert.equal((await tokens.resolveShippingToken(shipping.token))?.accountId, main.id);
      assert.equal(await tokens.revokeShippingToken(shipping.id), true);
      assert.equal(await tokens.resolveShippingToken(shipping.token), undefined);
    });

    it('rolls a failed transaction back completely', async () => {
      const { db, accounts } = services();
      const before = (await accounts.listAllAccounts()).length;
      const main = (await accounts.listAllAccounts())[0];
      assert.ok(main);
      await assert.rejects(
        db.transaction().execute(async (tx) => {
          await accountRepository.insert(tx, { ...main, id: 515151, ownerAccountId: main.id, type: 'SUB_ACCOUNT' });
          await accountRepository.insert(tx, { ...main, id: 515151, ownerAccountId: main.id, type: 'SUB_ACCOUNT' });
        }),
      );
      assert.equal((await accounts.listAllAccounts()).length, before);
    });
  });
}
