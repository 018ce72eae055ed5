import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { accountRepository } from '../accounts/index.js';
import { repositoryContract } from '../../storage/conformance/repository.contract.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { newHit } from './saved-object-hit.js';
import { savedObjectRepository } from './saved-object-repository.js';
import type { SavedObjectRecord, SavedObjectReference, SavedObjectType } from './saved-object.js';

function record(
  accountId: number,
  type: SavedObjectType,
  id: string,
  title: string,
  references: readonly SavedObjectReference[] = [],
): SavedObjectRecord {
  return {
    accountId,
    type,
    id,
    title,
    hit: newHit(type, id, { title, description: '' }, references, 1_000),
    version: 1,
    createdAt: 1_000,
    updatedAt: 1_000,
    createdBy: 'a@example.com',
    updatedBy: 'a@example.com',
  };
}

repositoryContract<SavedObjectRecord, string>({
  name: 'saved objects',
  make: (accountId, n) => record(accountId, 'search', `search-${n}`, `Search ${n}`),
  idOf: (object) => object.id,
  insert: async (db, object) => {
    if (!(await savedObjectRepository.insert(db, object))) throw new Error(`${object.type}:${object.id} exists`);
  },
  get: (db, accountId, id) => savedObjectRepository.get(db, accountId, 'search', id),
  getIsScoped: true,
  list: (db, accountId) => savedObjectRepository.listAll(db, accountId, 'search'),
  update: {
    changed: (object) => ({
      ...object,
      title: `${object.title} (changed)`,
      hit: { ...object.hit, extra: { kept: true } },
      version: 2,
      updatedAt: 2_000,
      updatedBy: 'b@example.com',
    }),
    apply: savedObjectRepository.replace,
  },
  delete: (db, accountId, id) => savedObjectRepository.delete(db, accountId, 'search', id),
  duplicateOf: (object) => ({ ...object, title: 'another title' }),
});

const ACCOUNT = 620_001;

for (const backend of controlPlaneBackends) {
  describe(`saved-object pages and references (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    let db: ControlPlaneDb;
    before(async () => {
      opened = await backend.open();
      db = opened.controlPlane.db;
      await accountRepository.insert(db, {
        id: ACCOUNT,
        name: 'saved',
        region: 'us',
        ownerAccountId: null,
        type: 'OWNER_ACCOUNT',
        email: null,
        retentionDays: 7,
        maxDailyGB: 1,
        reservedDailyGB: null,
        isFlexible: false,
        searchable: true,
        accessible: true,
        docSizeSetting: false,
        active: true,
        createdAt: 1,
        updatedAt: 1,
        lastUpdaterUserId: null,
        sharingObjectsAccounts: [],
        utilizationSettings: { frequencyMinutes: 5, utilizationEnabled: false },
        softLimitGB: null,
        snapSearchRetentionDays: null,
      });
    });
    after(async () => opened.dispose());

    it('pages by title without regard to case, and searches titles literally', async () => {
      for (const [id, title] of [
        ['a', 'beta errors'],
        ['b', 'Alpha 100%'],
        ['c', 'gamma_rays'],
        ['d', 'ALPHA two'],
      ] as const) {
        await savedObjectRepository.insert(db, record(ACCOUNT, 'dashboard', id, title));
      }
      const titles = async (search: string | undefined, offset = 0, limit = 10) => {
        const page = await savedObjectRepository.page(db, ACCOUNT, 'dashboard', { search, offset, limit });
        return { total: page.total, titles: page.records.map((r) => r.title) };
      };
      assert.deepEqual(await titles(undefined), { total: 4, titles: ['Alpha 100%', 'ALPHA two', 'beta errors', 'gamma_rays'] });
      assert.deepEqual(await titles(undefined, 1, 2), { total: 4, titles: ['ALPHA two', 'beta errors'] });
      assert.deepEqual(await titles('alpha'), { total: 2, titles: ['Alpha 100%', 'ALPHA two'] });
      assert.deepEqual(await titles('%'), { total: 1, titles: ['Alpha 100%'] });
      assert.deepEqual(await titles('a_r'), { total: 1, titles: ['gamma_rays'] });
      assert.deepEqual(await titles('A%R'), { total: 0, titles: [] });
      assert.deepEqual(await titles('alpha', 0, 10), await titles('ALPHA'));
      assert.equal((await savedObjectRepository.page(db, ACCOUNT, 'search', { search: undefined, offset: 0, limit: 10 })).total, 0);
    });

    it('finds what references an object, and forgets references with the object that held them', async () => {
      await savedObjectRepository.insert(db, record(ACCOUNT, 'search', 's1', 'errors'));
      await savedObjectRepository.insert(
        db,
        record(ACCOUNT, 'visualization', 'v1', 'error rate', [
          { name: 'search_0', type: 'search', id: 's1' },
          { name: 'kibanaSavedObjectMeta.searchSourceJSON.index', type: 'index-pattern', id: 'logzioCustomerIndex*' },
        ]),
      );
      await savedObjectRepository.insert(
        db,
        record(ACCOUNT, 'dashboard', 'd1', 'overview', [{ name: 'panel_0', type: 'visualization', id: 'v1' }]),
      );
      assert.deepEqual(await savedObjectRepository.dependentsOf(db, ACCOUNT, 'search', 's1'), [
        { type: 'visualization', id: 'v1', title: 'error rate' },
      ]);
      assert.deepEqual(await savedObjectRepository.dependentsOf(db, ACCOUNT, 'visualization', 'v1'), [
        { type: 'dashboard', id: 'd1', title: 'overview' },
      ]);
      assert.equal(await savedObjectRepository.delete(db, ACCOUNT, 'dashboard', 'd1'), true);
      assert.deepEqual(await savedObjectRepository.dependentsOf(db, ACCOUNT, 'visualization', 'v1'), []);
      await savedObjectRepository.replace(db, { ...record(ACCOUNT, 'visualization', 'v1', 'error rate'), version: 2 });
      assert.deepEqual(await savedObjectRepository.dependentsOf(db, ACCOUNT, 'search', 's1'), []);
    });
  });
}
