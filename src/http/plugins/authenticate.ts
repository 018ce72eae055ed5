import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiTokenOwner } from '../../modules/tokens/index.js';
import type { SharedTokenPrincipal } from '../../shared/principal.js';
import { httpErrors } from '../errors/http-errors.js';

/** A read-only shared token that authenticated: its principal (filters included) and whether its account is active. */
export interface SharedTokenOwner {
  readonly principal: SharedTokenPrincipal;
  readonly accountActive: boolean;
}

export interface AuthenticateDeps {
  readonly region: string;
  readonly authenticateApiToken: (token: string) => Promise<ApiTokenOwner | undefined>;
  /** Tried only when the value is no API token, so API-token requests pay nothing for shared tokens. */
  readonly authenticateSharedToken?: (token: string) => Promise<SharedTokenOwner | undefined>;
}

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
 * Resolves `X-API-TOKEN` (an API token, else a read-only shared token) to a Principal on every non-public route. Answers exactly what Logz.io
 * answers to a bad token: 403 `{"code":403,"message":"Insufficient privileges"}`.
 */
export function installAuthentication(app: FastifyInstance, deps: AuthenticateDeps): void {
  // A placeholder the onRequest hook replaces; null keeps the request object's shape stable.
  app.decorateRequest('principal', null, []);
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    const token = headerValue(request, 'x-api-token')?.trim();
    if (token === undefined || token === '') throw httpErrors.insufficientPrivileges();
    const owner = await deps.authenticateApiToken(token);
    if (owner === undefined) {
      const shared = await deps.authenticateSharedToken?.(token);
      if (shared === undefined || !shared.accountActive) throw httpErrors.insufficientPrivileges();
      if (shared.principal.region !== deps.region) throw httpErrors.regionMismatch(shared.principal.region, deps.region);
      request.principal = shared.principal;
      request.log = request.log.child({ accountId: shared.principal.accountId, sharedTokenId: shared.principal.sharedTokenId });
      return;
    }
    if (!owner.accountActive) throw httpErrors.insufficientPrivileges();
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
