import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Registry } from 'prom-client';

export interface ReadinessCheck {
  readonly name: string;
  readonly check: () => Promise<void>;
}

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
        const checks: Record<string, string> = {};
        let ready = true;
        for (const { name, check } of deps.checks) {
          try {
            await check();
            checks[name] = 'ok';
          } catch (error) {
            ready = false;
            checks[name] = error instanceof Error ? error.message : 'failed';
          }
        }
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
      },
    );

    app.get('/metrics', { config: { public: true }, schema: hidden }, async (_request, reply) => {
      const body = await deps.registry.metrics();
      return reply.type(deps.registry.contentType).send(body);
    });

    app.get('/openapi.json', { config: { public: true }, schema: hidden }, async () => app.swagger());
  };
}
