import { elasticsearchErrorItem } from '../../http/plugins/error-handler.js';
import type { AccountService } from '../../modules/accounts/index.js';
import {
  createControlPlaneScrollStore,
  createEsCompatService,
  createSearchService,
  esRoutes,
  searchRoutes,
  type SearchService,
} from '../../modules/search/index.js';
import { parseSearchRequest, type LookupResolver } from '../../query/index.js';
import type { AreaWiring, WiringContext } from './area.js';

/** The Logz.io search API and the Elasticsearch-compatible read API. */
export function wireSearch(
  ctx: WiringContext,
  deps: { readonly accounts: AccountService; readonly lookups?: LookupResolver },
): AreaWiring<{ readonly search: SearchService }> {
  const { clock, logStore, db } = ctx;
  const search = createSearchService({
    logStore,
    clock,
    // Any api process continues a scroll another opened (issue 51).
    scrolls: createControlPlaneScrollStore(db, clock),
    getAccount: (id) => deps.accounts.getAccount(id),
    parseSearchRequest,
    ...(deps.lookups === undefined ? {} : { lookups: deps.lookups }),
  });
  const esCompat = createEsCompatService({ search, logStore, clock, describeError: elasticsearchErrorItem });
  return {
    services: { search },
    routes: [
      searchRoutes(search),
      // The route plan (decision 0300): the whole API under Logz.io's Grafana datasource URL, and only the read
      // endpoints ES clients call at the root, which leaves `/` and `/app/*` to the web UI.
      async (app) => {
        await app.register(esRoutes(esCompat, { mount: 'base' }), { prefix: '/v1/elasticsearch' });
      },
      esRoutes(esCompat, { mount: 'root-aliases' }),
    ],
    jobs: [],
  };
}
