import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { expireLookupElementsJob } from '../../scheduler/jobs/expire-lookup-elements.js';
import { createManualClock } from '../../shared/clock.js';
import { createLogger } from '../../app/create-logger.js';
import { createLookupResolver } from './lookup-resolver.js';
import { createLookupService } from './lookup-service.js';

const START = Date.UTC(2026, 10, 25, 12, 0, 0);

for (const backend of controlPlaneBackends) {
  describe(`lookup element expiry (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    const accountId = 5151;
    const otherAccountId = 5152;
    before(async () => {
      opened = await backend.open();
      for (const id of [accountId, otherAccountId]) {
        await opened.controlPlane.db
          .insertInto('accounts')
          .values({
            id,
            name: `a${id}`,
            region: 'us',
            owner_account_id: null,
            account_type: 'OWNER_ACCOUNT',
            email: null,
            retention_days: 7,
            max_daily_gb: 1,
            reserved_daily_gb: null,
            is_flexible: 0,
            searchable: 1,
            accessible: 1,
            doc_size_setting: 0,
            active: 1,
            settings: '{}',
            created_at: 0,
            updated_at: 0,
            last_updater_user_id: null,
          })
          .execute();
      }
    });
    after(async () => opened.dispose());

    it('never resolves an expired element, and the scheduler job removes it', async () => {
      const clock = createManualClock(START);
      const { db } = opened.controlPlane;
      const service = createLookupService({ db, clock, dependentsOf: () => Promise.resolve([]) });
      const resolver = createLookupResolver(db);
      const list = await service.createList(accountId, { name: 'ttl' });
      await service.bulkAdd(
        accountId,
        list.id,
        [{ value: 'forever' }, { value: 'soon', expirationDate: START + 1_000 }, { value: '10.0.0.0/8', expirationDate: START + 2_000 }],
        undefined,
      );
      const members = async () => resolver.resolve([accountId], 'ttl', clock.now());
      assert.deepEqual(await members(), { listId: list.id, values: ['forever', 'soon'], networks: ['10.0.0.0/8'] });
      clock.advance(1_000);
      // Expired at exactly its expirationDate, from the cached members, before any cleanup.
      assert.deepEqual(await members(), { listId: list.id, values: ['forever'], networks: ['10.0.0.0/8'] });
      const job = expireLookupElementsJob({
        removeExpired: () => service.removeExpired(),
        logger: createLogger('silent'),
        intervalMs: 60_000,
      });
      await job.run(new AbortController().signal);
      const left = await service.searchElements(accountId, list.id, {}, { pageNumber: 1, pageSize: 25 });
      assert.deepEqual(
        left.elements.map((e) => e.value),
        ['forever', '10.0.0.0/8'],
      );
      clock.advance(1_000);
      assert.equal(await service.removeExpired(), 1);
      assert.deepEqual(await members(), { listId: list.id, values: ['forever'], networks: [] });
    });

    it("resolves only the account's own lists", async () => {
      const clock = createManualClock(START);
      const { db } = opened.controlPlane;
      const service = createLookupService({ db, clock, dependentsOf: () => Promise.resolve([]) });
      const resolver = createLookupResolver(db);
      const mine = await service.createList(accountId, { name: 'private' });
      await assert.rejects(resolver.resolve([otherAccountId], 'private', START), /not found/);
      await assert.rejects(resolver.resolve([otherAccountId], mine.id, START), /not found/);
      await service.createList(accountId, { name: 'private' });
      await assert.rejects(resolver.resolve([accountId], 'private', START), /names 2 lists/);
      assert.equal((await resolver.resolve([accountId], mine.id, START)).listId, mine.id);
      // A security rule passes the accounts it scans: the first holding the reference wins.
      assert.equal((await resolver.resolve([otherAccountId, accountId], mine.id, START)).listId, mine.id);
      const theirs = await service.createList(otherAccountId, { name: 'private' });
      assert.equal((await resolver.resolve([otherAccountId, accountId], 'private', START)).listId, theirs.id);
    });
  });
}
