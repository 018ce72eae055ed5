import { repositoryContract } from '../../storage/conformance/repository.contract.js';
import { apiTokenRepository, type ApiTokenRecord } from './api-token-repository.js';
import { shippingTokenRepository, type ShippingToken } from './shipping-token-repository.js';

// API tokens are read back by account listing only (the token itself is never stored); the hash is unique.
const hashOf = (record: ApiTokenRecord) => `hash-${record.name}`;
repositoryContract<ApiTokenRecord, number>({
  name: 'api tokens',
  make: (accountId, n) => ({
    id: 720_000 + n,
    accountId,
    name: `token-${n}`,
    createdAt: 1_000 + n,
    createdBy: 'creator',
    lastUsedAt: null,
  }),
  idOf: (record) => record.id,
  insert: (db, record) => apiTokenRepository.insert(db, record, hashOf(record)),
  get: async (db, accountId, id) => (await apiTokenRepository.listByAccount(db, accountId)).find((record) => record.id === id),
  getIsScoped: true,
  list: apiTokenRepository.listByAccount,
  delete: (db, accountId, id) => apiTokenRepository.delete(db, id, accountId),
  duplicateOf: (record, n) => ({ ...record, id: 720_000 + n }),
});

repositoryContract<ShippingToken, number>({
  name: 'shipping tokens',
  make: (accountId, n) => ({
    id: 730_000 + n,
    accountId,
    name: `ship-${n}`,
    token: `shippingtoken${String(n).padStart(19, '0')}`,
    enabled: true,
    createdAt: 1_000 + n,
    updatedAt: 1_000 + n,
    createdBy: 'creator',
    updatedBy: null,
  }),
  idOf: (token) => token.id,
  insert: shippingTokenRepository.insert,
  get: (db, _accountId, id) => shippingTokenRepository.get(db, id),
  getIsScoped: false,
  list: shippingTokenRepository.listByAccount,
  update: {
    changed: (token) => ({ ...token, name: 'renamed', enabled: false, updatedAt: token.updatedAt + 1, updatedBy: 'editor' }),
    apply: shippingTokenRepository.update,
  },
  delete: (db, accountId, id) => shippingTokenRepository.delete(db, id, accountId),
  duplicateOf: (token, n) => ({ ...token, id: 730_000 + n }),
});
