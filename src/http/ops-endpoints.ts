import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Logger } from '../shared/logger.js';

export interface ReadinessCheck {
  readonly name: string;
  readonly check: () => Promise<void>;
}

export interface OpsEndpointDeps {
  readonly registry: Registry;
  readonly checks: readonly ReadinessCheck[];
}

/** Runs the readiness checks; the body has the same shape as the API's /ready. */
export async function readiness(
  checks: readonly ReadinessCheck[],
): Promise<{ ready: boolean; body: { status: 'ready' | 'not ready'; checks: Record<string, string> } }> {
  const results: Record<string, string> = {};
  let ready = true;
  for (const { name, check } of checks) {
    try {
      await check();
      results[name] = 'ok';
    } catch (error) {
      ready = false;
      results[name] = error instanceof Error ? error.message : 'failed';
    }
  }
  return { ready, body: { status: ready ? 'ready' : 'not ready', checks: results } };
}

/**
 * /health, /ready and /metrics on a port that is not the API's: the ingest listener and the ops port
 * (LOGWARD_OPS_PORT) of processes without the api role, so a load balancer and Prometheus reach every role.
 */
export function registerOpsEndpoints(app: FastifyInstance, deps: OpsEndpointDeps): void {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const { ready, body } = await readiness(deps.checks);
    return reply.status(ready ? 200 : 503).send(body);
  });
  app.get('/metrics', async (_request, reply) => reply.type(deps.registry.contentType).send(await deps.registry.metrics()));
}

/** The small ops server of LOGWARD_OPS_PORT. */
export function buildOpsServer(logger: Logger, deps: OpsEndpointDeps): FastifyInstance {
  const app: FastifyInstance = Fastify({ logger: false, disableRequestLogging: true });
  app.log = logger;
  registerOpsEndpoints(app, deps);
  return app;
}
