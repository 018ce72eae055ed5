import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ingestErrors } from '../ingest-errors.js';
import type { IngestAccount, ShippingAccounts } from '../shipping-accounts.js';

/**
 * The shipping token of a request: `?token=` (Logz.io, any client), `Authorization: ApiKey <token>`
 * (elasticsearch-js `auth.apiKey`; a base64 `id:key` pair yields `key`), `Bearer <token>`, or Basic
 * with the token as password (rsyslog `uid`/`pwd`, syslog-ng `user`/`password`).
 */
export function tokenCandidates(request: FastifyRequest): string[] {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return [fromQuery];
  const header = request.headers.authorization;
  if (typeof header !== 'string') return [];
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  switch (scheme.toLowerCase()) {
    case 'apikey': {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      // A raw token can also look like base64: try it as sent first.
      return colon > 0 && /^[\x20-\x7e]+$/.test(decoded) ? [value, decoded.slice(colon + 1)] : [value];
    }
    case 'bearer':
      return value === '' ? [] : [value];
    case 'basic': {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return colon === -1 ? [] : [decoded.slice(colon + 1)];
    }
    default:
      return [];
  }
}

/** What routes need from authentication: a hook that requires a token, and the account it resolved. */
export interface ListenerAuth {
  readonly require: onRequestHookHandler;
  accountOf(request: FastifyRequest): IngestAccount;
}

export function createListenerAuth(accounts: ShippingAccounts): ListenerAuth {
  const resolved = new WeakMap<FastifyRequest, IngestAccount>();
  return {
    async require(request: FastifyRequest) {
      const candidates = tokenCandidates(request);
      if (candidates.length === 0) throw ingestErrors.tokenMissing();
      for (const token of candidates) {
        const account = await accounts.resolve(token);
        if (account !== undefined) {
          if (accounts.isForeign(account)) throw ingestErrors.regionMismatch(account.region, accounts.region);
          resolved.set(request, account);
          return;
        }
      }
      throw ingestErrors.tokenNotValid();
    },
    accountOf(request) {
      const account = resolved.get(request);
      if (account === undefined) throw ingestErrors.routeWithoutAuthentication();
      return account;
    },
  };
}
