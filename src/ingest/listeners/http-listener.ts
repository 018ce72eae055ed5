import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { toAppError } from '../../http/errors/error-reply.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { redactUrl } from '../../shared/redact-url.js';
import type { Batcher } from '../batcher.js';
import { ingestErrors } from '../ingest-errors.js';
import type { IngestPipeline } from '../ingest-pipeline.js';
import type { ShippingAccounts } from '../shipping-accounts.js';
import { elasticsearchRoutes } from './elasticsearch-routes.js';
import './fastify-types.js';
import { createListenerAuth } from './listener-auth.js';
import { protocolOf, sendListenerError } from './listener-error-reply.js';
import { logzioBulkRoutes } from './logzio-bulk-routes.js';
import { MAX_BODY_BYTES } from './request-body.js';

export interface HttpListenerDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly accounts: ShippingAccounts;
  readonly pipeline: IngestPipeline;
  readonly batcher: Batcher;
  /** Requests read at once; more are answered 503 before their body is read, which bounds memory. */
  readonly maxConcurrentRequests?: number;
  readonly clusterName?: string;
}

/**
 * The log listener: Logz.io HTTP bulk and the Elasticsearch ingest API on one port, as its own Fastify
 * instance (the API server's plugins, OpenAPI and X-API-TOKEN auth do not apply here).
 */
export function buildHttpListener(deps: HttpListenerDeps): FastifyInstance {
  const maxConcurrent = deps.maxConcurrentRequests ?? 256;
  const options: FastifyServerOptions = {
    loggerInstance: deps.logger,
    // Fastify's request log would carry `?token=`: we log redacted lines ourselves.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
  };
  const app = Fastify(options);
  const auth = createListenerAuth(deps.accounts);
  // A request leaves the count once, whether it was answered or aborted by the client.
  const counted = new WeakSet<FastifyRequest>();
  let inFlight = 0;
  const release = (request: FastifyRequest): void => {
    if (counted.delete(request)) inFlight -= 1;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request) => {
    inFlight += 1;
    counted.add(request);
    if (request.method === 'POST' || request.method === 'PUT') {
      if (inFlight > maxConcurrent || deps.batcher.isOverloaded()) throw ingestErrors.overloaded(1);
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    release(request);
    deps.logger.debug(
      { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'listener request',
    );
  });
  app.addHook('onRequestAbort', async (request) => release(request));
  // Elasticsearch clients refuse any answer without it (elasticsearch-js 8: ProductNotSupportedError).
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('x-elastic-product', 'Elasticsearch');
  });

  app.setErrorHandler((error, request, reply: FastifyReply) => {
    const appError = toAppError(error, `Request body is larger than ${MAX_BODY_BYTES} bytes`);
    // Over-cap and overload answers on Elasticsearch routes use 429, which its clients retry.
    if (appError.code === 'unavailable' && protocolOf(request) === 'elasticsearch') {
      return sendListenerError(request, reply, ingestErrors.asTooManyRequests(appError));
    }
    if (appError.code === 'internal') deps.logger.error({ err: error, url: redactUrl(request.url) }, 'listener request failed');
    return sendListenerError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendListenerError(request, reply, ingestErrors.unknownRoute(request.method, redactUrl(request.url))),
  );

  logzioBulkRoutes(app, { pipeline: deps.pipeline, auth });
  elasticsearchRoutes(app, { pipeline: deps.pipeline, auth, clock: deps.clock, clusterName: deps.clusterName ?? 'logward' });
  return app;
}
