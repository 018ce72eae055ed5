import type { FastifyInstance } from 'fastify';
import { hasCapability } from '../../shared/principal.js';
import { accessRuleFor, accountKindAllows } from '../access/route-access.js';
import { httpErrors } from '../errors/http-errors.js';
import { isPublicRoute } from './authenticate.js';

/**
 * Checks the authenticated principal against the route access table on every non-public route. Installed after
 * authentication (hooks run in order). A route the table does not name requires `admin`: nothing is open by omission.
 */
export function installAuthorization(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    // One lookup per request: a route the table does not name requires `admin` and is for Logs accounts.
    const rule = accessRuleFor(request.method, request.routeOptions.url ?? '');
    if (!hasCapability(request.principal, rule?.requires ?? 'admin')) throw httpErrors.insufficientPrivileges();
    // Security and Logs accounts are different account types with different APIs (decision 0400).
    if (!accountKindAllows(rule?.accounts ?? 'logs', request.principal.accountType)) {
      throw httpErrors.insufficientPrivileges();
    }
  });
}
