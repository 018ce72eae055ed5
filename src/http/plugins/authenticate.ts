import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiTokenOwner } from '../../modules/tokens/index.js';
import type { SessionPrincipal } from '../../shared/principal.js';
import { httpErrors } from '../errors/http-errors.js';

export interface AuthenticateDeps {
  readonly region: string;
  readonly authenticateApiToken: (token: string) => Promise<ApiTokenOwner | undefined>;
  /** Resolves a web UI session cookie (absent: the API takes tokens only). */
  readonly authenticateSession?: (cookieHeader: string) => Promise<{ principal: SessionPrincipal; csrfToken: string } | undefined>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Routes without a token: those marked `config.public`, the docs page, and unknown URLs (answered 404). */
export function isPublicRoute(request: FastifyRequest): boolean {
  if (request.is404 || request.routeOptions.config.public === true) return true;
  return isPublicUrl(request.routeOptions.url ?? '');
}

/** The API reference page and its assets (the Swagger UI plugin cannot mark its routes public). */
export function isPublicUrl(url: string): boolean {
  return url === '/docs' || url.startsWith('/docs/');
}

/**
 * Resolves `X-API-TOKEN` to a Principal on every non-public route. Answers exactly what Logz.io
 * answers to a bad token: 403 `{"code":403,"message":"Insufficient privileges"}`.
 */
export function installAuthentication(app: FastifyInstance, deps: AuthenticateDeps): void {
  // A placeholder the onRequest hook replaces; null keeps the request object's shape stable.
  app.decorateRequest('principal', null, []);
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    const token = headerValue(request, 'x-api-token')?.trim();
    if ((token === undefined || token === '') && deps.authenticateSession !== undefined && request.headers.cookie !== undefined) {
      const session = await deps.authenticateSession(request.headers.cookie);
      if (session === undefined) throw httpErrors.sessionEnded();
      // The cookie rides along on any request the browser makes; a state change must also prove it came from our page.
      if (!SAFE_METHODS.has(request.method) && headerValue(request, 'x-csrf-token') !== session.csrfToken) throw httpErrors.csrfMismatch();
      request.principal = session.principal;
      request.log = request.log.child({ accountId: session.principal.accountId, userId: session.principal.userId });
      return;
    }
    if (token === undefined || token === '') throw httpErrors.insufficientPrivileges();
    const owner = await deps.authenticateApiToken(token);
    if (owner === undefined || !owner.accountActive) throw httpErrors.insufficientPrivileges();
    if (owner.region !== deps.region) {
      throw httpErrors.regionMismatch(owner.region, deps.region);
    }
    request.principal = {
      kind: 'api-token',
      accountId: owner.accountId,
      accountName: owner.accountName,
      region: owner.region,
      ownerAccountId: owner.ownerAccountId,
      accountType: owner.accountType,
      tokenId: owner.tokenId,
      retentionDays: owner.accountRetentionDays,
    };
    request.log = request.log.child({ accountId: owner.accountId });
  });
}
