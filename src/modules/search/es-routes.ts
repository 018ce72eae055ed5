import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { EsCompatService } from './es-compat-service.js';
import { CLUSTER_HEALTH } from './es-indices-wire.js';
import { EsBody, EsResponse, EsSearchQuerystring } from './es-wire.js';
import { searchErrors } from './search-errors.js';

type Params = Readonly<Record<string, unknown>>;

/** Largest GET body read (the server's body limit for other methods). */
const MAX_GET_BODY_BYTES = 10 * 1024 * 1024;

function hasBody(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (typeof length === 'string' && length !== '0');
}

async function readRaw(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_GET_BODY_BYTES) throw searchErrors.bodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON, or the raw NDJSON text for `_msearch` whatever content type the client names; empty → no body. */
function parseBody(url: string, text: string): unknown {
  if (text.trim() === '') return undefined;
  if (url.includes('_msearch')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw searchErrors.bodyNotJson();
  }
}

/** The ES-compatible read endpoints also served at the root, for Elasticsearch clients and scripts (decision 0300). */
export const ROOT_ES_PATHS: readonly string[] = [
  '/_search',
  '/:index/_search',
  '/_count',
  '/:index/_count',
  '/_msearch',
  '/:index/_msearch',
  '/_search/scroll',
  '/_search/scroll/:scroll_id',
  '/_mapping',
  '/_mappings',
  '/:index/_mapping',
  '/:index/_mappings',
  '/_field_caps',
  '/:index/_field_caps',
];

export interface EsRoutesOptions {
  /**
   * `base`: the whole API, for registration under `/v1/elasticsearch` (Grafana's datasource URL, any ES client);
   * `root-aliases`: only ROOT_ES_PATHS, registered at the root, where `/` and `/app/*` belong to the web UI.
   */
  readonly mount: 'base' | 'root-aliases';
}

/**
 * The Elasticsearch-compatible read API. Errors take Elasticsearch's shape; bodies are accepted on GET as
 * Elasticsearch does.
 */
export function esRoutes(es: EsCompatService, options: EsRoutesOptions): FastifyPluginAsyncTypebox {
  const serves = (url: string): boolean => options.mount === 'base' || ROOT_ES_PATHS.includes(url);
  // The reference lists each endpoint once, under /v1/elasticsearch.
  const hide = options.mount === 'root-aliases';
  return async (app) => {
    app.removeContentTypeParser(['application/json']);
    app.addContentTypeParser(['application/json', 'application/x-ndjson', 'text/plain'], { parseAs: 'string' }, (request, text, done) => {
      try {
        done(null, parseBody(request.url, String(text)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    // Elasticsearch clients send search bodies with GET. Fastify leaves GET bodies unread (server-wide, which
    // other modules rely on), so these routes read them themselves.
    app.addHook('preValidation', async (request) => {
      if (request.method !== 'GET' || !hasBody(request.headers)) return;
      request.body = parseBody(request.url, await readRaw(request.raw));
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('x-elastic-product', 'Elasticsearch');
    });

    const config = { errorFormat: 'elasticsearch' as const };
    const tags = ['elasticsearch'];
    const both = ['GET', 'POST'] as const;
    const paramsOf = (query: unknown): Params => (query ?? {}) as Params;
    const indexOf = (params: unknown): string | undefined => (params as { index?: string }).index;

    if (serves('/'))
      app.get(
        '/',
        { config, schema: { tags, hide, summary: 'Elasticsearch cluster information', response: { 200: EsResponse } } },
        async () => ({
          name: 'logward',
          cluster_name: 'logward',
          cluster_uuid: 'logward',
          version: {
            number: '7.17.0',
            build_flavor: 'default',
            build_type: 'logward',
            build_date: '2026-11-21T00:00:00.000Z',
            lucene_version: '8.11.1',
            minimum_wire_compatibility_version: '6.8.0',
            minimum_index_compatibility_version: '6.0.0-beta1',
          },
          tagline: 'You Know, for Search',
        }),
      );

    for (const url of ['/_search', '/:index/_search']) {
      if (!serves(url)) continue;
      app.route({
        method: [...both],
        url,
        config,
        exposeHeadRoute: false,
        schema: {
          tags,
          hide,
          summary: 'Elasticsearch _search (JSON body on GET or POST)',
          querystring: EsSearchQuerystring,
          response: { 200: EsResponse },
        },
        handler: async (request) => es.search(request.principal, indexOf(request.params), request.body, paramsOf(request.query)),
      });
    }
    for (const url of ['/_count', '/:index/_count']) {
      if (!serves(url)) continue;
      app.route({
        method: [...both],
        url,
        config,
        exposeHeadRoute: false,
        schema: {
          tags,
          hide,
          summary: 'Elasticsearch _count (JSON body on GET or POST)',
          querystring: EsSearchQuerystring,
          response: { 200: EsResponse },
        },
        handler: async (request) => es.count(request.principal, indexOf(request.params), request.body, paramsOf(request.query)),
      });
    }
    for (const url of ['/_msearch', '/:index/_msearch']) {
      if (!serves(url)) continue;
      app.route({
        method: [...both],
        url,
        config,
        exposeHeadRoute: false,
        schema: { tags, hide, summary: 'Elasticsearch _msearch (NDJSON header and body lines)', response: { 200: EsResponse } },
        handler: async (request) =>
          es.msearch(
            request.principal,
            indexOf(request.params),
            typeof request.body === 'string' ? request.body : '',
            paramsOf(request.query),
          ),
      });
    }
    for (const url of ['/_search/scroll', '/_search/scroll/:scroll_id']) {
      if (!serves(url)) continue;
      app.route({
        method: [...both],
        url,
        config,
        exposeHeadRoute: false,
        schema: {
          tags,
          hide,
          summary: 'Next page of an Elasticsearch scroll (`scroll_id` in the body or the path)',
          response: { 200: EsResponse },
        },
        handler: async (request) => es.scroll(request.principal, request.body, { ...paramsOf(request.query), ...paramsOf(request.params) }),
      });
      app.delete(
        url,
        { config, schema: { tags, hide, summary: 'Clear Elasticsearch scrolls', body: EsBody, response: { 200: EsResponse } } },
        async (request) => es.clearScroll(request.principal, request.body, { ...paramsOf(request.query), ...paramsOf(request.params) }),
      );
    }
    if (serves('/_cluster/health'))
      app.get(
        '/_cluster/health',
        { config, schema: { tags, hide, summary: 'Elasticsearch cluster health (one green node)', response: { 200: EsResponse } } },
        async () => ({ ...CLUSTER_HEALTH }),
      );
    for (const url of ['/_cat/indices', '/_cat/indices/:index']) {
      if (!serves(url)) continue;
      app.get(url, { config, schema: { tags, hide, summary: 'Log types as Elasticsearch indices (`format=json`)' } }, async (request) =>
        es.catIndices(request.principal, indexOf(request.params), paramsOf(request.query)),
      );
    }
    for (const url of ['/_stats', '/:index/_stats']) {
      if (!serves(url)) continue;
      app.get(
        url,
        { config, schema: { tags, hide, summary: 'Log counts and bytes per log type', response: { 200: EsResponse } } },
        async (request) => es.stats(request.principal, indexOf(request.params)),
      );
    }
    if (serves('/_resolve/index/:index'))
      app.get(
        '/_resolve/index/:index',
        { config, schema: { tags, hide, summary: 'Log types matching an index expression', response: { 200: EsResponse } } },
        async (request) => es.resolveIndex(request.principal, indexOf(request.params) ?? '*'),
      );
    for (const url of ['/_mapping', '/_mappings', '/:index/_mapping', '/:index/_mappings']) {
      if (!serves(url)) continue;
      app.get(
        url,
        { config, schema: { tags, hide, summary: 'Elasticsearch mapping from the field catalog', response: { 200: EsResponse } } },
        async (request) => es.mapping(request.principal, indexOf(request.params)),
      );
    }
    for (const url of ['/_field_caps', '/:index/_field_caps']) {
      if (!serves(url)) continue;
      app.route({
        method: [...both],
        url,
        config,
        exposeHeadRoute: false,
        schema: { tags, hide, summary: 'Elasticsearch field capabilities (`fields`, `index_filter`)', response: { 200: EsResponse } },
        handler: async (request) => es.fieldCaps(request.principal, indexOf(request.params), paramsOf(request.query), request.body),
      });
    }
  };
}
