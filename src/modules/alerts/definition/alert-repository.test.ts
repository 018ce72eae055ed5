import { repositoryContract } from '../../../storage/conformance/repository.contract.js';
import type { Alert } from './alert.js';
import { alertRepository } from './alert-repository.js';

repositoryContract<Alert, number>({
  name: 'alerts',
  make: (accountId, n) => ({
    id: 700_000 + n,
    accountId,
    definition: {
      title: `alert ${n}`,
      tags: ['a', 'b'],
      searchTimeFrameMinutes: 5,
      subComponents: [
        {
          queryDefinition: { query: 'level:error', aggregation: { aggregationType: 'COUNT' }, shouldQueryOnAllAccounts: false },
          trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 10 } },
        },
      ],
      enabled: true,
    },
    createdAt: 1_000 + n,
    updatedAt: 1_000 + n,
    createdBy: 'creator',
    updatedBy: 'creator',
  }),
  idOf: (alert) => alert.id,
  insert: alertRepository.insert,
  get: alertRepository.get,
  getIsScoped: true,
  list: alertRepository.list,
  update: {
    changed: (alert) => ({
      ...alert,
      definition: { ...alert.definition, title: 'renamed', enabled: false },
      updatedAt: alert.updatedAt + 1,
      updatedBy: 'editor',
    }),
    apply: alertRepository.update,
  },
  delete: alertRepository.delete,
  duplicateOf: (alert) => ({ ...alert, definition: { ...alert.definition, title: 'same id' } }),
});
