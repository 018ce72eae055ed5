import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import AjvCompiler from '@fastify/ajv-compiler';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Registry } from 'prom-client';
import type { Logger } from '../shared/logger.js';
import type { Cidr } from '../shared/cidr.js';
import { BOOLEAN_OR_STRING_KEYWORD } from '../shared/boolean-or-string.js';
import { redactUrl } from '../shared/redact-url.js';
import type { ApiTokenOwner } from '../modules/tokens/index.js';
import './fastify-types.js';
import { installAuthentication, type AuthenticateDeps, type SharedTokenOwner } from './plugins/authenticate.js';
import { installAuthorization } from './plugins/authorize.js';
import { installConcurrencyLimit, type ClusterInFlight } from './plugins/concurrency-limit.js';
import { installErrorHandling } from './plugins/error-handler.js';
import { installHttpMetrics } from './plugins/http-metrics.js';
import { operabilityRoutes, type ReadinessCheck } from './operability-routes.js';
import { ErrorBody, LegacyErrorBody } from './wire/error-body.js';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from './wire/json-depth.js';
import { httpErrors } from './errors/http-errors.js';

export interface ApiServerDeps {
  readonly logger: Logger;
  readonly region: string;
  readonly version: string;
  readonly maxConcurrentRequestsPerAccount: number;
  /** Counts the other api processes' in-flight requests into the limit (issue 51). */
  readonly clusterInFlight?: ClusterInFlight;
  readonly metricsRegistry: Registry;
  readonly authenticateApiToken: (token: string) => Promise<ApiTokenOwner | undefined>;
  /** Read-only shared tokens, tried when the value is no API token. */
  readonly authenticateSharedToken?: (token: string) => Promise<SharedTokenOwner | undefined>;
  readonly authenticateSession?: AuthenticateDeps['authenticateSession'];
  readonly readinessChecks: readonly ReadinessCheck[];
  /** The API areas, each a Fastify plugin from a module's `*-routes.ts`. */
  readonly routes: readonly FastifyPluginAsync[];
  /** Largest request body accepted, in bytes. */
  readonly bodyLimitBytes?: number;
  /** Peers whose X-Forwarded-For names the client (`request.ip`); none: the socket's peer is the client. */
  readonly trustedProxies?: readonly Cidr[];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify options shared by every HTTP server of Logward (API and listener). */
export function baseServerOptions(logger: Logger, bodyLimitBytes: number): FastifyServerOptions {
  return {
    loggerInstance: logger,
    bodyLimit: bodyLimitBytes,
    // The Terraform client sends `//v1/...` when its base URL ends with a slash.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator: buildPartValidator } },
  };
}

type KeywordDefinition = Exclude<NonNullable<AjvCompiler.Options['keywords']>[number], string>;

/** Turns the strings "true"/"false" into booleans where a schema says BooleanOrString. */
const booleanOrString: KeywordDefinition = {
  keyword: BOOLEAN_OR_STRING_KEYWORD,
  modifying: true,
  schemaType: 'boolean',
  validate: (_enabled: boolean, data: unknown, _schema, context): boolean => {
    if (typeof data === 'boolean') return true;
    if (data !== 'true' && data !== 'false') return false;
    if (context?.parentData !== undefined && context.parentDataProperty !== undefined)
      context.parentData[context.parentDataProperty] = data === 'true';
    return true;
  },
};

const AJV_OPTIONS: AjvCompiler.Options = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  keywords: [booleanOrString],
};

/**
 * Path and query strings are text, so their schemas coerce (`?size=10`, `/:id`); a JSON body already has
 * types, and coercing it would store `"accountName": true` as "true" and `"maxDailyGB": true` as 1.
 */
const buildPartValidator: AjvCompiler.BuildCompilerFromPool = (externalSchemas, options) => {
  const coercing = AjvCompiler()(externalSchemas, options);
  const strict = AjvCompiler()(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } });
  // The pool's declared argument is the schema, but Fastify passes the route definition (schema and httpPart).
  return (route) => ((route as unknown as AjvCompiler.RouteDefinition).httpPart === 'body' ? strict(route) : coercing(route));
};

/** Builds the API server without listening, so tests can `inject` or listen on port 0. */
export async function buildApiServer(deps: ApiServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...baseServerOptions(deps.logger, deps.bodyLimitBytes ?? 10 * 1024 * 1024),
    // Fastify (proxy-addr) walks X-Forwarded-For from the nearest hop and stops at the first untrusted address, so a
    // client cannot pick its own address by sending the header; with no trusted proxy the header is ignored.
    trustProxy:
      (deps.trustedProxies ?? []).length === 0 ? false : (deps.trustedProxies ?? []).map((cidr) => `${cidr.network}/${cidr.prefix}`),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Token values must never reach the log: only method, redacted URL and peer are logged.
  app.log = deps.logger;
  // The Terraform client sends `Content-Type: application/json` with an empty body on DELETE and on
  // bodiless POSTs (suspend): an empty JSON body means "no body" there, not a syntax error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) done(null, undefined);
    else if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
      done(httpErrors.badRequest(`the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    else void parseJson(request, text, done);
  });
  // Callback style: an async hook costs every response a promise for one header.
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', String(request.id));
    done(null, payload);
  });

  installErrorHandling(app);
  installAuthentication(app, {
    region: deps.region,
    authenticateApiToken: deps.authenticateApiToken,
    ...(deps.authenticateSharedToken === undefined ? {} : { authenticateSharedToken: deps.authenticateSharedToken }),
    ...(deps.authenticateSession === undefined ? {} : { authenticateSession: deps.authenticateSession }),
  });
  installAuthorization(app);
  installConcurrencyLimit(app, deps.maxConcurrentRequestsPerAccount, deps.clusterInFlight);
  installHttpMetrics(app, deps.metricsRegistry, 'api');

  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(fastifySwagger, {
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`) },
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Logward API',
        version: deps.version,
        description: 'Logz.io-compatible API of Logward: accounts, users, tokens, search, alerts and more.',
      },
      components: {
        securitySchemes: { apiToken: { type: 'apiKey', in: 'header', name: 'X-API-TOKEN' } },
      },
      security: [{ apiToken: [] }],
    },
  });
  app.addSchema(ErrorBody);
  app.addSchema(LegacyErrorBody);
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  // The reference page lives at /docs (decision 0300); /api-docs is the other name people try.
  app.get('/api-docs', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 301));

  await app.register(operabilityRoutes({ registry: deps.metricsRegistry, checks: deps.readinessChecks }));
  for (const routes of deps.routes) await app.register(routes);
  return app;
}

export { redactUrl };
