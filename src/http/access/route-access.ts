import { ROOT_ES_PATHS } from '../../modules/search/index.js';
import type { Capability } from '../../shared/principal.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface RouteAccessRule {
  /** A route URL as registered (`/v2/alerts/:alertId`); ending in `/*`: the path itself and everything under it. */
  readonly path: string;
  /** The methods the rule covers; omitted: every method. HEAD is read as GET. */
  readonly methods?: readonly Method[];
  readonly requires: Capability;
}

const READ: readonly Method[] = ['GET'];

/**
 * The one table of who may call what (decision 0301): route → the capability it requires; `capabilitiesOf` in
 * src/shared/principal.ts says which principals have it. First match wins. A route the table does not name
 * requires `admin` (plugins/authorize.ts): give every new route its row.
 */
export const ROUTE_ACCESS: readonly RouteAccessRule[] = [
  // Logs: searching them is what a shared token may do, and all it may do.
  { path: '/v1/search', methods: ['POST'], requires: 'search' },
  { path: '/v1/scroll', methods: ['POST'], requires: 'search' },
  { path: '/v1/elasticsearch/*', requires: 'search' },
  ...ROOT_ES_PATHS.map((path): RouteAccessRule => ({ path, requires: 'search' })),

  // The caller's own account.
  { path: '/v2/whoami', methods: READ, requires: 'read' },
  { path: '/v1/account-management/whoami', methods: READ, requires: 'read' },

  // Detection and notification settings: read by any signed-in role, changed by admins and regular users.
  { path: '/v2/alerts/*', methods: READ, requires: 'read' },
  { path: '/v2/alerts/*', requires: 'write' },
  { path: '/v1/alerts/triggered-alerts', methods: ['POST'], requires: 'read' },
  { path: '/v1/endpoints/*', methods: READ, requires: 'read' },
  { path: '/v1/endpoints/*', requires: 'write' },
  { path: '/v2/markers/create-markers', methods: ['POST'], requires: 'write' },
  // Lookup lists of the account (decision 0450): searching them is a read.
  { path: '/v1/lookup-lists/search', methods: ['POST'], requires: 'read' },
  { path: '/v1/lookup-lists/:lookupListId/elements/search', methods: ['POST'], requires: 'read' },
  { path: '/v1/lookup-lists/*', methods: READ, requires: 'read' },
  { path: '/v1/lookup-lists/*', requires: 'write' },

  // Accounts, users, tokens and sign-in groups: admins only (user lists are readable).
  { path: '/v1/user-management', methods: READ, requires: 'read' },
  { path: '/v1/user-management/recursive', methods: READ, requires: 'read' },
  { path: '/v1/user-management/*', requires: 'admin' },
  { path: '/v1/account-management/time-based-accounts/*', requires: 'admin' },
  { path: '/v1/log-shipping/tokens/*', requires: 'admin' },
  { path: '/v1/api-tokens/sub-account', requires: 'admin' },
  { path: '/v1/authentication/groups', requires: 'admin' },
];

function covers(rule: RouteAccessRule, method: string, url: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  if (rule.methods !== undefined && !rule.methods.some((m) => m === asked)) return false;
  if (!rule.path.endsWith('/*')) return rule.path === url;
  const base = rule.path.slice(0, -2);
  return url === base || url.startsWith(`${base}/`);
}

/** The capability a route requires, or undefined when the table does not name it. */
export function requiredCapability(method: string, url: string, rules: readonly RouteAccessRule[] = ROUTE_ACCESS): Capability | undefined {
  return rules.find((rule) => covers(rule, method, url))?.requires;
}
