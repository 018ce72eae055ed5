import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpErrors } from '../errors/http-errors.js';
import { isPublicRoute } from './authenticate.js';

const counted = new WeakSet<FastifyRequest>();

/**
 * The account's requests in flight on the other api processes, as they last published them, and this process's
 * counts for them to read (src/app/cluster/shared-in-flight.ts).
 */
export interface ClusterInFlight {
  readonly local: Map<number, number>;
  others(accountId: number): number;
}

/**
 * SPEC.md Limits: at most N concurrent API requests per account; the rest get 429. With `cluster`, the other api
 * processes' requests count too (issue 51), as of their last publication a fraction of a second ago.
 */
export function installConcurrencyLimit(app: FastifyInstance, maxPerAccount: number, cluster?: ClusterInFlight): void {
  const inFlight = cluster?.local ?? new Map<number, number>();

  const release = (request: FastifyRequest): void => {
    if (!counted.has(request)) return;
    counted.delete(request);
    const accountId = request.principal.accountId;
    const remaining = (inFlight.get(accountId) ?? 1) - 1;
    if (remaining <= 0) inFlight.delete(accountId);
    else inFlight.set(accountId, remaining);
  };

  // Runs after authentication (hooks run in registration order). Callback hooks: nothing here waits, and a
  // promise per hook is measurable on a request of a few milliseconds (decision 0133).
  app.addHook('onRequest', (request, _reply, done) => {
    if (isPublicRoute(request)) return done();
    const accountId = request.principal.accountId;
    const current = inFlight.get(accountId) ?? 0;
    if (current + (cluster?.others(accountId) ?? 0) >= maxPerAccount) {
      return done(httpErrors.tooManyConcurrentRequests(accountId, maxPerAccount));
    }
    inFlight.set(accountId, current + 1);
    counted.add(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', async (request) => release(request));
}
