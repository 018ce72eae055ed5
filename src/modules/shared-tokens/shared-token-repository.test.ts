import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { controlPlaneBackends } from '../../../test/support/control-plane-backends.js';
import { accountRepository } from '../accounts/index.js';
import { contractAccount, repositoryContract } from '../../storage/conformance/repository.contract.js';
import { sharedTokenRepository, type QueryFilter, type SharedTokenRecord } from './shared-token-repository.js';

repositoryContract<QueryFilter, number>({
  name: 'shared-token filters',
  make: (accountId, n) => ({ id: 740_000 + n, accountId, field: `field${n}`, value: 'v', description: n % 2 === 0 ? null : `filter ${n}` }),
  idOf: (filter) => filter.id,
  insert: (db, filter) => sharedTokenRepository.insertFilter(db, filter, 1),
  get: async (db, accountId, id) => (await sharedTokenRepository.listFilters(db, accountId, [id]))[0],
  getIsScoped: true,
  list: (db, accountId) => sharedTokenRepository.listFilters(db, accountId),
  delete: (db, accountId, id) => sharedTokenRepository.deleteFilter(db, accountId, id),
});

// Tokens are stored by hash (unique); the record never holds the token itself.
repositoryContract<SharedTokenRecord, number>({
  name: 'shared tokens',
  make: (accountId, n) => ({
    id: 750_000 + n,
    accountId,
    name: `shared-${n}`,
    tokenHint: 'abcd',
    filterIds: [],
    filtersOperator: n % 2 === 0 ? 'AND' : 'OR',
    expirationDate: n % 3 === 0 ? null : 1_900_000_000_000 + n,
    lastUsedAt: null,
    createdAt: n,
  }),
  idOf: (token) => token.id,
  insert: (db, token) => sharedTokenRepository.insertToken(db, token, `hash-${token.name}`),
  get: async (db, accountId, id) => (await sharedTokenRepository.listTokens(db, accountId, id))[0],
  getIsScoped: true,
  list: (db, accountId) => sharedTokenRepository.listTokens(db, accountId),
  update: {
    changed: (token) => ({ ...token, filtersOperator: token.filtersOperator === 'AND' ? 'OR' : 'AND' }),
    apply: (db, token) => sharedTokenRepository.setOperator(db, token.id, token.filtersOperator),
  },
  delete: (db, accountId, id) => sharedTokenRepository.deleteToken(db, accountId, id),
  duplicateOf: (token, n) => ({ ...token, id: 760_000 + n }),
});

for (const backend of controlPlaneBackends) {
  describe(`shared tokens with filters attached (${backend.name})`, () => {
    it("cannot lose a filter in use, and go with their account's deletion, links and all", async () => {
      const opened = await backend.open();
      try {
        const db = opened.controlPlane.db;
        const accountId = 770_001;
        await accountRepository.insert(db, contractAccount(accountId));
        const filter: QueryFilter = { id: 770_100, accountId, field: 'team', value: 'red', description: null };
        await sharedTokenRepository.insertFilter(db, filter, 1);
        await sharedTokenRepository.insertToken(
          db,
          {
            id: 770_200,
            accountId,
            name: 'linked',
            tokenHint: 'abcd',
            filterIds: [filter.id],
            filtersOperator: 'AND',
            expirationDate: null,
            lastUsedAt: null,
            createdAt: 1,
          },
          'hash-linked',
        );
        assert.deepEqual(await sharedTokenRepository.tokensUsingFilter(db, filter.id), [770_200]);
        await assert.rejects(sharedTokenRepository.deleteFilter(db, accountId, filter.id), 'the store too keeps a filter in use');
        assert.equal((await sharedTokenRepository.listFilters(db, accountId)).length, 1);
        assert.equal(await accountRepository.delete(db, accountId), true);
        assert.deepEqual(await sharedTokenRepository.listTokens(db, accountId), []);
        assert.deepEqual(await sharedTokenRepository.listFilters(db, accountId), []);
        assert.deepEqual(await sharedTokenRepository.tokensUsingFilter(db, filter.id), []);
      } finally {
        await opened.dispose();
      }
    });
  });
}
