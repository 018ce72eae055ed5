import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Registry } from 'prom-client';
import { readiness, type ReadinessCheck } from './ops-endpoints.js';

export type { ReadinessCheck } from './ops-endpoints.js';

const HealthBody = Type.Object({ status: Type.String() });
const ReadyBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  checks: Type.Record(Type.String(), Type.String()),
});

/** Liveness, readiness, Prometheus metrics and the OpenAPI document: public, no token. */
export function operabilityRoutes(deps: { registry: Registry; checks: readonly ReadinessCheck[] }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const hidden = { hide: true } as const;
    app.get('/health', { config: { public: true }, schema: { ...hidden, response: { 200: HealthBody } } }, async () => ({ status: 'ok' }));

    app.get(
      '/ready',
      { config: { public: true }, schema: { ...hidden, response: { 200: ReadyBody, 503: ReadyBody } } },
      async (_request, reply) => {
        const { ready, body } = await readiness(deps.checks);
        return reply.status(ready ? 200 : 503).send(body);
      },
    );

    app.get('/metrics', { config: { public: true }, schema: hidden }, async (_request, reply) => {
      const body = await deps.registry.metrics();
      return reply.type(deps.registry.contentType).send(body);
    });

    app.get('/openapi.json', { config: { public: true }, schema: hidden }, async () => app.swagger());
  };
}
