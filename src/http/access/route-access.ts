import { ROOT_ES_PATHS } from '../../modules/search/index.js';
import type { Capability } from '../../shared/principal.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface RouteAccessRule {
  /** A route URL as registered (`/v2/alerts/:alertId`); ending in `/*`: the path itself and everything under it. */
  readonly path: string;
  /** The methods the rule covers; omitted: every method. HEAD is read as GET. */
  readonly methods?: readonly Method[];
  readonly requires: Capability;
  /** The account types whose principals may call it (decision 0400); omitted: Logs accounts only. */
  readonly accounts?: AccountKind;
}

/**
 * `logs`: main and sub accounts (OWNER_ACCOUNT, SUB_ACCOUNT); `security`: security (SIEM) accounts; `either`: both.
 * A security token on a Logs route, or a Logs token on a security route, is refused like a bad token.
 */
export type AccountKind = 'logs' | 'security' | 'either';

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
  // The web app's Discover (decision 0650): searching, and stopping its own searches.
  { path: '/v1/app/discover', methods: READ, requires: 'search' },
  { path: '/v1/app/search', methods: ['POST'], requires: 'search' },
  { path: '/v1/app/search/cancel', methods: ['POST'], requires: 'search' },
  { path: '/v1/app/surrounding', methods: ['POST'], requires: 'search' },
  { path: '/v1/app/patterns', methods: ['POST'], requires: 'search' },
  { path: '/v1/app/export', methods: READ, requires: 'search' },

  // The caller's own account.
  { path: '/v2/whoami', methods: READ, requires: 'read', accounts: 'either' },
  { path: '/v1/account-management/whoami', methods: READ, requires: 'read', accounts: 'either' },

  // Security (SIEM): rules, events and coverage are the security account's; the main Logs account creates one.
  { path: '/v2/security/*', methods: READ, requires: 'read', accounts: 'security' },
  { path: '/v2/security/rules/search', methods: ['POST'], requires: 'read', accounts: 'security' },
  { path: '/v2/security/rules/events/search', methods: ['POST'], requires: 'read', accounts: 'security' },
  { path: '/v2/security/rules/events/logs/search', methods: ['POST'], requires: 'search', accounts: 'security' },
  { path: '/v2/security/*', requires: 'write', accounts: 'security' },
  { path: '/v2/account-management/siem', methods: ['POST'], requires: 'admin' },

  // Detection and notification settings: read by any signed-in role, changed by admins and regular users.
  // The alert preview changes nothing (decision 0678): whoever may read alerts may run one over the last day.
  { path: '/v2/alerts/preview', methods: ['POST'], requires: 'read' },
  { path: '/v2/alerts/:id/preview', methods: ['POST'], requires: 'read' },
  { path: '/v2/alerts/*', methods: READ, requires: 'read' },
  { path: '/v2/alerts/*', requires: 'write' },
  { path: '/v1/alerts/triggered-alerts', methods: ['POST'], requires: 'read' },
  { path: '/v2/unified-alerts/*', methods: READ, requires: 'read' },
  { path: '/v2/unified-alerts/*', requires: 'write' },
  { path: '/v1/endpoints/*', methods: READ, requires: 'read', accounts: 'either' },
  { path: '/v1/endpoints/*', requires: 'write', accounts: 'either' },
  { path: '/v2/markers/create-markers', methods: ['POST'], requires: 'write' },
  // Snapshots (decision 0672): taking one sends data out, so it is a write; the image link is public (its token).
  { path: '/v1/snapshotter', methods: READ, requires: 'read' },
  { path: '/v1/snapshotter/:snapshotId', methods: READ, requires: 'read' },
  { path: '/v1/snapshotter', methods: ['POST'], requires: 'write' },
  { path: '/v1/drop-filters/search', methods: ['POST'], requires: 'read' },
  // Dropped logs are gone for good: changing what is dropped is an administrator's call.
  { path: '/v1/drop-filters', methods: ['POST'], requires: 'admin' },
  { path: '/v1/drop-filters/*', requires: 'admin' },
  // Lookup lists of the account (decision 0450): searching them is a read.
  { path: '/v1/lookup-lists/search', methods: ['POST'], requires: 'read' },
  { path: '/v1/lookup-lists/:lookupListId/elements/search', methods: ['POST'], requires: 'read' },
  { path: '/v1/lookup-lists/*', methods: READ, requires: 'read' },
  { path: '/v1/lookup-lists/*', requires: 'write' },

  // Operator-granted features (each route also checks the account's grant): insights are read by any signed-in
  // role; shared tokens are credentials, managed by admins only.
  { path: '/v1/insights/list', methods: ['POST'], requires: 'read' },
  { path: '/v1/shared-tokens/*', requires: 'admin' },
  // The web UI session: who is signed in, moving to another of the user's accounts; invite links are for admins.
  // Sign-in, sign-out and accepting an invite are public routes (src/modules/sessions/session-routes.ts).
  // A session in a security account reads itself and moves back to a Logs account like any other.
  { path: '/v1/session', methods: READ, requires: 'read', accounts: 'either' },
  { path: '/v1/session/account', methods: ['POST'], requires: 'read', accounts: 'either' },
  { path: '/v1/session/invites', methods: ['POST'], requires: 'admin', accounts: 'either' },

  // Accounts, users, tokens and sign-in groups: admins only (user lists are readable).
  { path: '/v1/user-management', methods: READ, requires: 'read', accounts: 'either' },
  { path: '/v1/user-management/recursive', methods: READ, requires: 'read', accounts: 'either' },
  { path: '/v1/user-management/*', requires: 'admin', accounts: 'either' },
  { path: '/v1/account-management/time-based-accounts/*', requires: 'admin' },
  { path: '/v1/log-shipping/tokens/*', requires: 'admin' },
  { path: '/v1/api-tokens/sub-account', requires: 'admin' },
  { path: '/v1/authentication/groups', requires: 'admin' },

  // Saved searches, visualizations and dashboards (decision 0500): an export is a read, an import a write.
  // Viewing dashboards and what they show is what a shared token is for (decision 0554); export stays `read`.
  { path: '/v1/saved-objects/*', methods: READ, requires: 'search' },
  { path: '/v1/saved-objects/*', requires: 'write' },
  { path: '/v1/kibana/export', methods: ['POST'], requires: 'read' },
  { path: '/kibana/export', methods: ['POST'], requires: 'read' },
  { path: '/v1/kibana/import', methods: ['POST'], requires: 'write' },
  { path: '/kibana/import', methods: ['POST'], requires: 'write' },
  { path: '/v1/osd/saved-objects/*', methods: ['DELETE'], requires: 'write' },
];

function covers(rule: RouteAccessRule, method: string, url: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  if (rule.methods !== undefined && !rule.methods.some((m) => m === asked)) return false;
  if (!rule.path.endsWith('/*')) return rule.path === url;
  const base = rule.path.slice(0, -2);
  return url === base || url.startsWith(`${base}/`);
}

/** The table's rule for a route (the first that covers it), or undefined when the table does not name it. */
export function accessRuleFor(method: string, url: string, rules: readonly RouteAccessRule[] = ROUTE_ACCESS): RouteAccessRule | undefined {
  return rules.find((rule) => covers(rule, method, url));
}

/** The capability a route requires, or undefined when the table does not name it. */
export function requiredCapability(method: string, url: string, rules: readonly RouteAccessRule[] = ROUTE_ACCESS): Capability | undefined {
  return accessRuleFor(method, url, rules)?.requires;
}

/** The account types that may call a route; a route the table does not name is for Logs accounts. */
export function requiredAccountKind(method: string, url: string, rules: readonly RouteAccessRule[] = ROUTE_ACCESS): AccountKind {
  return accessRuleFor(method, url, rules)?.accounts ?? 'logs';
}

/** Whether an account of `accountType` may call a route of `kind`. */
export function accountKindAllows(kind: AccountKind, accountType: string): boolean {
  if (kind === 'either') return true;
  return (accountType === 'SECURITY_ACCOUNT') === (kind === 'security');
}
