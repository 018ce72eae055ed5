import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../shared/principal.js';
import type { DiscoverService } from './discover-service.js';
import {
  CancelBody,
  CancelResponse,
  DiscoverSearchBody,
  DiscoverSearchResponse,
  DiscoverSettings,
  ExportQuery,
  PatternsBody,
  PatternsResponse,
  SurroundingBody,
  SurroundingResponse,
} from './discover-wire.js';
import type { SearchCancels } from './search-cancels.js';

const TAGS = ['web app'];

/** Aborted when the client goes away before its answer is written (it closed the page, or dropped the request). */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Whose searches a cancel may stop: the session's own (or the token's). */
function ownerOf(principal: Principal): string {
  if (principal.kind === 'session') return `session:${principal.sessionId}`;
  if (principal.kind === 'shared-token') return `shared-token:${principal.sharedTokenId}`;
  if (principal.kind === 'detection') return `detection:${principal.accountId}`;
  return `api-token:${principal.tokenId}`;
}

function sortParam(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  const at = text.lastIndexOf(':');
  const field = at > 0 ? text.slice(0, at) : text;
  const order = at > 0 && text.slice(at + 1) === 'asc' ? 'asc' : 'desc';
  return { [field]: { order } };
}

/**
 * The web app's own routes for Discover (decision 0650): not Logz.io's API (whose /v1/search keeps its 2-day
 * window for API clients), session-authenticated like every route the page calls.
 */
export function discoverRoutes(service: DiscoverService, cancels: SearchCancels): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/app/discover',
      { schema: { tags: TAGS, summary: 'What Discover can search in this account', response: { 200: DiscoverSettings } } },
      async (request) => service.settings(request.principal),
    );

    app.post(
      '/v1/app/search',
      {
        schema: {
          tags: TAGS,
          summary: 'Search any range the account retains',
          description:
            'A range starting before the retention is refused, never clipped. The search stops in the engine when the client goes away or cancels it.',
          body: DiscoverSearchBody,
          response: { 200: DiscoverSearchResponse },
        },
      },
      async (request, reply) => {
        const running = cancels.start(ownerOf(request.principal), request.body.searchId, clientGone(reply));
        try {
          return await service.search(request.principal, request.body, running.signal);
        } finally {
          running.done();
        }
      },
    );

    app.post(
      '/v1/app/search/cancel',
      { schema: { tags: TAGS, summary: "Stop this session's searches", body: CancelBody, response: { 200: CancelResponse } } },
      async (request) => ({ cancelled: cancels.cancel(ownerOf(request.principal), request.body.searchIds) }),
    );

    app.post(
      '/v1/app/surrounding',
      {
        schema: {
          tags: TAGS,
          summary: 'The logs before and after one log',
          body: SurroundingBody,
          response: { 200: SurroundingResponse },
        },
      },
      async (request, reply) => {
        const running = cancels.start(ownerOf(request.principal), request.body.searchId, clientGone(reply));
        try {
          return await service.surrounding(request.principal, request.body, running.signal);
        } finally {
          running.done();
        }
      },
    );

    app.post(
      '/v1/app/patterns',
      {
        schema: {
          tags: TAGS,
          summary: 'Message patterns of the logs a query matches',
          body: PatternsBody,
          response: { 200: PatternsResponse },
        },
      },
      async (request, reply) => {
        const running = cancels.start(ownerOf(request.principal), request.body.searchId, clientGone(reply));
        try {
          const answer = await service.patterns(request.principal, request.body, running.signal);
          return { ...answer, patterns: answer.patterns.map((pattern) => ({ ...pattern, sparkline: [...pattern.sparkline] })) };
        } finally {
          running.done();
        }
      },
    );

    app.get(
      '/v1/app/export',
      {
        schema: {
          tags: TAGS,
          summary: 'The logs a query matches, as CSV',
          description: 'Streamed a page at a time, newest first unless sorted otherwise, at most exportMaxRows logs.',
          querystring: ExportQuery,
        },
      },
      async (request, reply) => {
        const { q, cols, sort, limit, from, to, searchId } = request.query;
        // Cancel by id stops an export too: the page's Cancel, or the page leaving Discover.
        const running = cancels.start(ownerOf(request.principal), searchId, clientGone(reply));
        reply.raw.once('close', () => running.done());
        const signal = running.signal;
        const lines = service.exportCsv(
          request.principal,
          {
            from,
            to,
            query: q ?? '',
            columns: (cols ?? '').split(',').filter((column) => column !== ''),
            sort: sortParam(sort),
            limit: limit ?? Number.MAX_SAFE_INTEGER,
          },
          signal,
        );
        // The first lines before the status: a query that fails answers its error, not a broken file.
        const first = await lines.next();
        const range = service.resolveRange({ from, to });
        const name = `logs-${new Date(range.fromMs).toISOString()}-${new Date(range.toMs).toISOString()}.csv`.replace(/:/g, '');
        async function* all(): AsyncGenerator<string> {
          if (first.done !== true) yield first.value;
          yield* lines;
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Readable.from(all()));
      },
    );
  };
}
