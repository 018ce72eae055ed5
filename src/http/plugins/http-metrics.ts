import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Request counts and latencies per route (the route pattern, never the raw URL, to bound cardinality). */
export function installHttpMetrics(app: FastifyInstance, registry: Registry, server: string): void {
  const requests = new Counter({
    name: 'logward_http_requests_total',
    help: 'HTTP requests answered, by server, method, route and status',
    labelNames: ['server', 'method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'logward_http_request_duration_seconds',
    help: 'HTTP request latency, by server, method, route and status',
    labelNames: ['server', 'method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      server,
      method: request.method,
      route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
