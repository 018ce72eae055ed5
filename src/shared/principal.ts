import type { QueryAst } from '../query/ast/query-ast.js';

/**
 * Who is calling, as authentication resolved it (decision 0301). Every kind acts within one account; the
 * kind says how the caller proved it and what it may do there (`capabilitiesOf`). Only `api-token` is made by
 * today's authentication; `session` (a signed-in web UI user) and `shared-token` (a read-only link whose filters
 * restrict every search) are the kinds the web UI and sharing add.
 */
export type Principal = ApiTokenPrincipal | SessionPrincipal | SharedTokenPrincipal | DetectionPrincipal;
export type PrincipalKind = Principal['kind'];

/** The account a principal acts in, as read with its credential in this request. */
export interface AccountContext {
  readonly accountId: number;
  readonly accountName: string;
  readonly region: string;
  /** The main account that owns this one, or null when this is a main account. */
  readonly ownerAccountId: number | null;
  readonly accountType: string;
  /** The account's retention as read with the credential: a search of its own logs needs no other lookup. */
  readonly retentionDays: number;
}

/** An `X-API-TOKEN` of the account: full access to it, as on Logz.io. */
export interface ApiTokenPrincipal extends AccountContext {
  readonly kind: 'api-token';
  readonly tokenId: number;
}

/** A web UI user's role in the account; the users module maps its Logz.io role names onto these. */
export type SessionRole = 'admin' | 'regular' | 'read-only';

/** A user signed in to the web UI. */
export interface SessionPrincipal extends AccountContext {
  readonly kind: 'session';
  readonly sessionId: string;
  readonly userId: number;
  /** Recorded as createdBy/updatedBy of the user's writes. */
  readonly email: string;
  readonly role: SessionRole;
}

/**
 * A query filter a principal carries: a parsed QueryAst, or an Elasticsearch DSL query object as stored with a
 * shared token (the search scope resolver parses it). Every filter must match: they narrow, never widen.
 */
export type PrincipalFilter =
  { readonly kind: 'query-ast'; readonly query: QueryAst } | { readonly kind: 'es-dsl'; readonly query: Readonly<Record<string, unknown>> };

/** A read-only shared token: searches of its account's logs, always narrowed by its filters. */
export interface SharedTokenPrincipal extends AccountContext {
  readonly kind: 'shared-token';
  readonly sharedTokenId: number;
  readonly filters: readonly PrincipalFilter[];
}

/**
 * The detection engine searching for an account's rules (alerts, security rules): never made by authentication, it
 * reaches no route and may only search, scoped exactly as the account's own searches.
 */
export interface DetectionPrincipal extends AccountContext {
  readonly kind: 'detection';
}

/**
 * What a route may require (the route access table, src/http/access/route-access.ts): `search` reads logs,
 * `read` reads settings (alerts, endpoints, users …), `write` changes the account's detection and notification
 * settings, `admin` manages accounts, users and tokens.
 */
export type Capability = 'search' | 'read' | 'write' | 'admin';

const ALL: readonly Capability[] = ['search', 'read', 'write', 'admin'];

/** The one table of what each kind (and, for sessions, each role) may do. */
const CAPABILITIES: Readonly<Record<'api-token' | `session:${SessionRole}` | 'shared-token' | 'detection', readonly Capability[]>> = {
  'api-token': ALL,
  'session:admin': ALL,
  'session:regular': ['search', 'read', 'write'],
  'session:read-only': ['search', 'read'],
  'shared-token': ['search'],
  detection: ['search'],
};

export function capabilitiesOf(principal: Principal): readonly Capability[] {
  switch (principal.kind) {
    case 'api-token':
    case 'shared-token':
    case 'detection':
      return CAPABILITIES[principal.kind];
    case 'session':
      return CAPABILITIES[`session:${principal.role}`];
  }
}

export function hasCapability(principal: Principal, capability: Capability): boolean {
  return capabilitiesOf(principal).includes(capability);
}

/** The filters that narrow every search of this principal (none for full-access kinds). */
export function filtersOf(principal: Principal): readonly PrincipalFilter[] {
  return principal.kind === 'shared-token' ? principal.filters : [];
}

export function isMainAccount(principal: Principal): boolean {
  return principal.ownerAccountId === null;
}

/** The main account at the top of the caller's tree (itself for a main account). */
export function mainAccountIdOf(principal: Principal): number {
  return principal.ownerAccountId ?? principal.accountId;
}

/** Who a write is recorded as (createdBy/updatedBy): the acting account and a person's e-mail. */
export interface Actor {
  readonly accountId: number;
  readonly email: string;
}
