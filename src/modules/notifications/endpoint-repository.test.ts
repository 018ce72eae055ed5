import { randomBytes } from 'node:crypto';
import { repositoryContract } from '../../storage/conformance/repository.contract.js';
import { createEndpointRepository } from './endpoint-repository.js';
import type { NotificationEndpoint } from './endpoint-types.js';
import { createSecretBox } from './secret-box.js';

const endpoints = createEndpointRepository(createSecretBox(randomBytes(32)));

repositoryContract<NotificationEndpoint, number>({
  name: 'notification endpoints',
  make: (accountId, n) => ({
    id: 710_000 + n,
    accountId,
    title: `endpoint ${n}`,
    description: 'pages the on-call',
    settings: { slug: 'service-now', username: 'u', password: `secret-${n}`, url: 'https://example.invalid/now' },
    createdAt: 1_000 + n,
    updatedAt: 1_000 + n,
  }),
  idOf: (endpoint) => endpoint.id,
  insert: endpoints.insert,
  get: endpoints.get,
  getIsScoped: true,
  list: endpoints.list,
  update: {
    changed: (endpoint) => ({
      ...endpoint,
      title: 'renamed',
      settings: { slug: 'slack', url: 'https://example.invalid/hook' },
      updatedAt: endpoint.updatedAt + 1,
    }),
    apply: endpoints.update,
  },
  delete: endpoints.delete,
  duplicateOf: (endpoint) => ({ ...endpoint, title: 'same id' }),
});
