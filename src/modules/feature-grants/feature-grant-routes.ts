import type { FastifyInstance } from 'fastify';
import { featureGrantErrors } from './feature-grant-errors.js';
import type { FeatureGrantService, GrantableFeature } from './feature-grant-service.js';

/**
 * Refuses every route of the plugin it is installed in unless the caller's account holds `feature`. An onRequest
 * hook of the plugin runs after the app's authentication and authorization hooks and before body validation, so a
 * caller without the grant learns nothing about the request shape.
 */
export function requireFeature(app: FastifyInstance, grants: Pick<FeatureGrantService, 'has'>, feature: GrantableFeature): void {
  app.addHook('onRequest', async (request) => {
    if (!(await grants.has(request.principal.accountId, feature))) throw featureGrantErrors.notGranted(feature);
  });
}
