import type { FastifyInstance } from 'fastify';
import { hasCapability } from '../../shared/principal.js';
import { requiredCapability } from '../access/route-access.js';
import { httpErrors } from '../errors/http-errors.js';
import { isPublicRoute } from './authenticate.js';

/**
 * Checks the authenticated principal against the route access table on every non-public route. Installed after
 * authentication (hooks run in order). A route the table does not name requires `admin`: nothing is open by omission.
 */
export function installAuthorization(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    const required = requiredCapability(request.method, request.routeOptions.url ?? '') ?? 'admin';
    if (!hasCapability(request.principal, required)) throw httpErrors.insufficientPrivileges();
  });
}
