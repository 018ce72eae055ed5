import { repositoryContract } from '../../storage/conformance/repository.contract.js';
import type { LookupList } from './lookup.js';
import { lookupListRepository } from './lookup-repository.js';

repositoryContract<LookupList, string>({
  name: 'lookup lists',
  make: (accountId, n) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    accountId,
    name: `list ${n}`,
    description: `description ${n}`,
    version: 1,
    createdAt: 1_000 + n,
    updatedAt: 1_000 + n,
  }),
  idOf: (list) => list.id,
  insert: lookupListRepository.insert,
  get: lookupListRepository.get,
  getIsScoped: true,
  list: lookupListRepository.list,
  update: {
    changed: (list) => ({ ...list, name: 'renamed', description: 'changed', updatedAt: list.updatedAt + 1 }),
    apply: lookupListRepository.update,
  },
  delete: lookupListRepository.delete,
  duplicateOf: (list) => ({ ...list, name: 'same id' }),
});
