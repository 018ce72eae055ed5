import type { FastifyInstance } from 'fastify';
import { hasCapability } from '../../shared/principal.js';
import { accountKindAllows, requiredAccountKind, requiredCapability } from '../access/route-access.js';
import { httpErrors } from '../errors/http-errors.js';
import { isPublicRoute } from './authenticate.js';

/**
 * Checks the authenticated principal against the route access table on every non-public route. Installed after
 * authentication (hooks run in order). A route the table does not name requires `admin`: nothing is open by omission.
 */
export function installAuthorization(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    const url = request.routeOptions.url ?? '';
    const required = requiredCapability(request.method, url) ?? 'admin';
    if (!hasCapability(request.principal, required)) throw httpErrors.insufficientPrivileges();
    // Security and Logs accounts are different account types with different APIs (decision 0400).
    if (!accountKindAllows(requiredAccountKind(request.method, url), request.principal.accountType)) {
      throw httpErrors.insufficientPrivileges();
    }
  });
}
