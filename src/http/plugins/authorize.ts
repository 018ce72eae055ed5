import type { FastifyInstance } from 'fastify';
import { hasCapability } from '../../shared/principal.js';
import { requiredCapability } from '../access/route-access.js';
import { httpErrors } from '../errors/http-errors.js';
import { isPublicRoute, isPublicUrl } from './authenticate.js';

/**
 * Checks the authenticated principal against the route access table on every non-public route. Installed after
 * authentication (hooks run in order). Refuses to register a route the table does not name.
 */
export function installAuthorization(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (route.config?.public === true || isPublicUrl(url)) return;
    for (const method of [route.method].flat()) {
      if (requiredCapability(method, url) === undefined) {
        throw new Error(`${method} ${url} has no row in the route access table (src/http/access/route-access.ts)`);
      }
    }
  });
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    const required = requiredCapability(request.method, request.routeOptions.url ?? '');
    if (required === undefined || !hasCapability(request.principal, required)) throw httpErrors.insufficientPrivileges();
  });
}
