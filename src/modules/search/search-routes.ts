import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SearchService } from './search-service.js';
import { ScrollBody, ScrollResponse, SearchBody, SearchQuerystring, SearchResponse } from './search-wire.js';

export function searchRoutes(search: SearchService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/search',
      {
        schema: {
          tags: ['search'],
          summary: 'Search logs with the Elasticsearch DSL',
          description: 'Searches today and yesterday (UTC), shifted back by `dayOffset`, in the caller account or in `accountIds`.',
          querystring: SearchQuerystring,
          body: SearchBody,
          response: { 200: SearchResponse },
        },
      },
      async (request) =>
        search.search(request.principal, request.body, { accountIds: request.query.accountIds, dayOffset: request.query.dayOffset }),
    );
    app.post(
      '/v1/scroll',
      {
        schema: {
          tags: ['search'],
          summary: 'Page through many search results',
          description: 'Open with a search body and `scroll`; continue with `{"scroll_id": ...}` until `hits.hits` is empty.',
          body: ScrollBody,
          response: { 200: ScrollResponse },
        },
      },
      async (request) => search.scroll(request.principal, request.body),
    );
  };
}
