import type { SeededRandom } from '../support/seeded-random.js';
import type { IdKind, Tenant, World } from './tenants.js';

/** What a read path gets to build its request with: the caller, everyone's ids and the pools of handles seen so far. */
export interface PathContext {
  readonly rand: SeededRandom;
  readonly caller: Tenant;
  readonly world: World;
  /** Ids of any account of a kind, or a random one now and then. */
  id(kind: IdKind): number;
  /** A handle (scroll id…) some caller received earlier, anyone's. */
  handle(kind: string): string | undefined;
  /** Some account's marker (anyone's): queries ask for other accounts' words too. */
  anyMarker(): string;
}

export interface ReadRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly url: string;
  readonly body?: unknown;
  /** Raw body text (NDJSON for _msearch). */
  readonly raw?: string;
}

/**
 * One read path of the API. `sees` says whose data the caller may get back here; `ownData` says a 200 answer is
 * expected to hold data the caller may read now and then — its own, or for `scanned` paths a scanned account's (so a
 * path that answers nothing cannot pass unnoticed).
 * A new module adds its reads here in a few lines.
 */
export interface ReadPath {
  readonly name: string;
  readonly sees: 'own' | 'searchable' | 'owned' | 'scanned';
  readonly ownData: boolean;
  /** Handles to keep from a 200 answer, by kind (e.g. scroll ids), for other requests to reuse. */
  readonly handles?: (body: unknown) => Record<string, string | undefined>;
  /** The path whose handles this one continues: in the positive-control round it waits for that request. */
  readonly after?: string;
  request(ctx: PathContext): ReadRequest;
}

const WORDS = ['error', 'login', 'alpha', 'timeout', 'request', '*'];
const INDEXES = ['*', '_all', 'logzioCustomerIndex*', '*,-nothing'];

function queryString(ctx: PathContext): string {
  const { rand } = ctx;
  const term = rand.pick([
    rand.pick(WORDS),
    ctx.anyMarker(),
    `owner_mark:${ctx.anyMarker()}`,
    `n:[${rand.int(0, 20)} TO ${rand.int(20, 50)}]`,
    `_exists_:f_${ctx.anyMarker()}`,
    `type:${ctx.anyMarker()}`,
  ]);
  return rand.pick([term, `NOT ${term}`, `${term} OR *`, `(${term}) AND level:error`, '*']);
}

function esBody(ctx: PathContext): Record<string, unknown> {
  const { rand } = ctx;
  return {
    query: rand.pick([
      { query_string: { query: queryString(ctx) } },
      { match_all: {} },
      { term: { owner_mark: ctx.anyMarker() } },
      { bool: { should: [{ match: { message: ctx.anyMarker() } }, { exists: { field: `f_${ctx.anyMarker()}` } }] } },
    ]),
    size: rand.int(0, 100),
    ...(rand.chance(0.3) ? { from: rand.int(0, 30) } : {}),
    ...(rand.chance(0.6)
      ? {
          aggs: {
            marks: {
              terms: { field: rand.pick(['owner_mark', 'hidden', 'type', 'level']), size: 50 },
              aggs: { top: { top_hits: { size: 3 } } },
            },
            card: { cardinality: { field: 'owner_mark' } },
          },
        }
      : {}),
  };
}

const scrollHandles = (body: unknown): Record<string, string | undefined> => {
  const b = body as { scrollId?: unknown; _scroll_id?: unknown };
  return {
    scroll: typeof b.scrollId === 'string' ? b.scrollId : undefined,
    esScroll: typeof b._scroll_id === 'string' ? b._scroll_id : undefined,
  };
};

const es = (ctx: PathContext): string => ctx.rand.pick(['', '/v1/elasticsearch']);
const index = (ctx: PathContext): string => ctx.rand.pick([...INDEXES, ctx.anyMarker()]);

/** The caller's own drop filter half the time, else anyone's (or one that does not exist). */
function dropFilterId(ctx: PathContext): string {
  const { rand, world, caller } = ctx;
  const own = world.dropFilters.filter((filter) => filter.accountId === caller.accountId);
  if (own.length > 0 && rand.chance(0.5)) return rand.pick(own).id;
  return rand.chance(0.9) ? rand.pick(world.dropFilters).id : '1b0c5a3e-8f61-4f0e-9d7a-2a4c1f0e9b77';
}

/** The caller's own lookup list half the time, else anyone's (or one that does not exist). */
function lookupListId(ctx: PathContext): string {
  const { rand, world, caller } = ctx;
  const own = world.lookupLists.filter((list) => list.accountId === caller.accountId);
  if (own.length > 0 && rand.chance(0.5)) return rand.pick(own).id;
  return rand.chance(0.9) ? rand.pick(world.lookupLists).id : '7c985e09-3db6-4dc6-ae33-58403493e13f';
}

export const READ_PATHS: readonly ReadPath[] = [
  // Search (Logz.io API).
  {
    name: 'search',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => {
      const others = ctx.world.tenants.map((t) => t.accountId).filter(() => ctx.rand.chance(0.4));
      return {
        method: 'POST',
        url: '/v1/search',
        body: { ...esBody(ctx), ...(ctx.rand.chance(0.4) && others.length > 0 ? { accountIds: others } : {}) },
      };
    },
  },
  {
    name: 'scroll open',
    sees: 'own',
    ownData: true,
    handles: scrollHandles,
    request: (ctx) => ({ method: 'POST', url: '/v1/scroll', body: { query: esBody(ctx).query, size: ctx.rand.int(1, 20) } }),
  },
  {
    name: 'scroll continue',
    sees: 'own',
    ownData: true,
    handles: scrollHandles,
    after: 'scroll open',
    request: (ctx) => ({ method: 'POST', url: '/v1/scroll', body: { scroll_id: ctx.handle('scroll') ?? 'bm90LWEtc2Nyb2xs' } }),
  },
  // The web app's Discover (/v1/app/…): the caller's own account over a range within retention.
  {
    name: 'discover search',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'POST', url: '/v1/app/search', body: { from: 'now-1d', to: 'now+1h', search: esBody(ctx) } }),
  },
  {
    name: 'discover patterns',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'POST', url: '/v1/app/patterns', body: { from: 'now-1d', to: 'now+1h', query: queryString(ctx) } }),
  },
  {
    name: 'discover export',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/v1/app/export?from=now-1d&to=now%2B1h&cols=message,owner_mark&q=${encodeURIComponent(queryString(ctx))}`,
    }),
  },
  // The Elasticsearch read API, under / and /v1/elasticsearch.
  {
    name: 'es _search',
    sees: 'searchable',
    ownData: true,
    handles: scrollHandles,
    request: (ctx) => {
      // Without a scroll of its own yet (the control round) the caller opens one with a small first page over all its
      // logs, so the scroll path's control has a handle whose next page holds the caller's own logs; later rounds open
      // scrolls now and then with any body.
      if (ctx.handle('esScroll') === undefined) {
        return { method: 'POST', url: `${es(ctx)}/*/_search?scroll=1m`, body: { query: { match_all: {} }, size: ctx.rand.int(1, 3) } };
      }
      return {
        method: 'POST',
        url: `${es(ctx)}/${index(ctx)}/_search${ctx.rand.chance(0.3) ? '?scroll=1m' : ''}`,
        body: esBody(ctx),
      };
    },
  },
  {
    name: 'es _search q=',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `${es(ctx)}/${index(ctx)}/_search?q=${encodeURIComponent(queryString(ctx))}&size=50` }),
  },
  {
    name: 'es _search/scroll',
    sees: 'searchable',
    ownData: true,
    handles: scrollHandles,
    after: 'es _search',
    request: (ctx) => ({
      method: 'POST',
      url: `${es(ctx)}/_search/scroll`,
      body: { scroll: '1m', scroll_id: ctx.handle('esScroll') ?? 'bm90LWEtc2Nyb2xs' },
    }),
  },
  {
    name: 'es _msearch',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: `${es(ctx)}/_msearch`,
      raw: `${JSON.stringify({ index: index(ctx) })}\n${JSON.stringify(esBody(ctx))}\n${JSON.stringify({})}\n${JSON.stringify(esBody(ctx))}\n`,
    }),
  },
  {
    name: 'es _count',
    sees: 'searchable',
    ownData: false,
    request: (ctx) => ({ method: 'POST', url: `${es(ctx)}/${index(ctx)}/_count`, body: { query: esBody(ctx).query } }),
  },
  {
    name: 'es _mapping',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => ({
      method: 'GET',
      url: `${es(ctx)}/${ctx.rand.pick(['', `${index(ctx)}/`])}${ctx.rand.pick(['_mapping', '_mappings'])}`,
    }),
  },
  {
    name: 'es _field_caps',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `${es(ctx)}/${index(ctx)}/_field_caps?fields=*` }),
  },
  {
    name: 'es _cat/indices',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `${es(ctx)}/_cat/indices${ctx.rand.chance(0.5) ? `/${index(ctx)}` : ''}?format=json` }),
  },
  {
    name: 'es _stats',
    sees: 'searchable',
    ownData: false,
    request: (ctx) => ({ method: 'GET', url: `${es(ctx)}/${ctx.rand.pick(['', `${index(ctx)}/`])}_stats` }),
  },
  {
    name: 'es _resolve/index',
    sees: 'searchable',
    ownData: true,
    // Served under /v1/elasticsearch only (decision 0300): at the root it is a 404 that shows nothing.
    request: (ctx) => ({ method: 'GET', url: `/v1/elasticsearch/_resolve/index/${index(ctx)}` }),
  },
  // Alerts, endpoints, triggered alerts.
  { name: 'alerts list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v2/alerts' }) },
  { name: 'alert by id', sees: 'own', ownData: true, request: (ctx) => ({ method: 'GET', url: `/v2/alerts/${ctx.id('alert')}` }) },
  // The preview runs an alert over the last 24 hours: its groups are the account's logs' values (decision 0678).
  {
    name: 'alert preview',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'POST', url: `/v2/alerts/${ctx.id('alert')}/preview` }),
  },
  {
    name: 'draft alert preview',
    sees: 'own',
    ownData: false,
    request: (ctx) => ({
      method: 'POST',
      url: '/v2/alerts/preview',
      body: {
        title: 'preview',
        searchTimeFrameMinutes: ctx.rand.int(1, 60),
        subComponents: [
          {
            queryDefinition: {
              query: ctx.anyMarker(),
              groupBy: ['owner_mark'],
              aggregation: { aggregationType: 'UNIQUE_COUNT', fieldToAggregateOn: 'message' },
            },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
          },
        ],
      },
    }),
  },
  { name: 'endpoints list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/endpoints' }) },
  { name: 'endpoint by id', sees: 'own', ownData: true, request: (ctx) => ({ method: 'GET', url: `/v1/endpoints/${ctx.id('endpoint')}` }) },
  {
    name: 'triggered alerts',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: '/v1/alerts/triggered-alerts',
      body: {
        size: ctx.rand.int(1, 100),
        ...(ctx.rand.chance(0.5) ? { search: ctx.anyMarker() } : {}),
        ...(ctx.rand.chance(0.3) ? { tags: [ctx.anyMarker()] } : {}),
      },
    }),
  },
  // Users, tokens, SSO groups, accounts.
  { name: 'users list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/user-management' }) },
  { name: 'users recursive', sees: 'owned', ownData: true, request: () => ({ method: 'GET', url: '/v1/user-management/recursive' }) },
  { name: 'user by id', sees: 'owned', ownData: true, request: (ctx) => ({ method: 'GET', url: `/v1/user-management/${ctx.id('user')}` }) },
  {
    name: 'shipping tokens search',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: '/v1/log-shipping/tokens/search',
      body: { pagination: { pageNumber: 1, pageSize: ctx.rand.int(1, 100) } },
    }),
  },
  {
    name: 'shipping token by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/log-shipping/tokens/${ctx.id('shippingToken')}` }),
  },
  { name: 'shipping token limits', sees: 'own', ownData: false, request: () => ({ method: 'GET', url: '/v1/log-shipping/tokens/limits' }) },
  { name: 'auth groups', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/authentication/groups' }) },
  {
    name: 'sub accounts',
    sees: 'owned',
    ownData: false,
    request: (ctx) => ({ method: 'GET', url: `/v1/account-management/time-based-accounts${ctx.rand.pick(['', '/detailed'])}` }),
  },
  {
    name: 'sub account by id',
    sees: 'owned',
    ownData: false,
    request: (ctx) => ({
      method: 'GET',
      url: `/v1/account-management/time-based-accounts/${ctx.rand.pick(['', 'detailed/'])}${ctx.id('account')}`,
    }),
  },
  // Operator-granted features: shared tokens and their filters, insights.
  { name: 'shared tokens list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/shared-tokens' }) },
  {
    name: 'shared token by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/shared-tokens/${ctx.id('sharedToken')}` }),
  },
  { name: 'shared-token filters list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/shared-tokens/filters' }) },
  {
    name: 'shared-token filter by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/shared-tokens/filters/${ctx.id('sharedTokenFilter')}` }),
  },
  {
    name: 'insights list',
    sees: 'own',
    // Insights need a learning cycle over warnings; the world's logs may not have recurred into one yet.
    ownData: false,
    request: (ctx) => ({
      method: 'POST',
      url: '/v1/insights/list',
      body: {
        startDate: Date.now() - 86_400_000,
        size: ctx.rand.int(1, 100),
        ...(ctx.rand.chance(0.5) ? { search: ctx.anyMarker() } : {}),
        ...(ctx.rand.chance(0.3) ? { logTypes: [ctx.anyMarker()] } : {}),
      },
    }),
  },
  // Saved searches, visualizations and dashboards (decision 0500).
  {
    name: 'saved-object export',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: ctx.rand.pick(['/v1/kibana/export', '/kibana/export']),
      body: { type: ctx.rand.pick(['search', 'visualization', 'dashboard']) },
    }),
  },
  {
    name: 'saved objects list',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/v1/saved-objects/${ctx.rand.pick(['search', 'visualization', 'dashboard'])}${ctx.rand.chance(0.5) ? `?search=${ctx.anyMarker()}` : ''}`,
    }),
  },
  // Snapshots (decision 0672).
  { name: 'snapshots list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/snapshotter' }) },
  {
    name: 'snapshot by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/snapshotter/${ctx.id('snapshot')}` }),
  },
  {
    name: 'saved object by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'GET',
      url: `/v1/saved-objects/${ctx.rand.pick(['search', 'visualization', 'dashboard'])}/${ctx.id('savedObject')}`,
    }),
  },
  {
    name: 'whoami',
    sees: 'own',
    ownData: false,
    request: (ctx) => ({ method: 'GET', url: ctx.rand.pick(['/v2/whoami', '/v1/account-management/whoami']) }),
  },
  // Security (SIEM): Logs tenants are refused (403); a security account reads only its own rules, and its events and
  // drill-downs show the logs of the accounts it scans and no one else's.
  {
    name: 'security rules search',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: '/v2/security/rules/search',
      body: ctx.rand.chance(0.5)
        ? {}
        : { filter: { search: ctx.anyMarker() }, pagination: { pageNumber: 1, pageSize: ctx.rand.int(1, 100) } },
    }),
  },
  {
    name: 'security rule by id, mitre coverage',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'GET',
      // Mostly rule ids (an alert id now and then): with one control request per tenant, a coin toss between the two
      // left the path blind for some seeds.
      url: ctx.rand.chance(0.3)
        ? '/v2/security/mitre-coverage'
        : `/v2/security/rules/${ctx.id(ctx.rand.chance(0.8) ? 'securityRule' : 'alert')}`,
    }),
  },
  {
    name: 'security events search',
    sees: 'scanned',
    ownData: true,
    handles: (body) => ({ securityEvent: (body as { results?: { alertEventId?: string }[] }).results?.[0]?.alertEventId }),
    request: (ctx) => ({
      method: 'POST',
      url: '/v2/security/rules/events/search',
      body: { filter: { includeMutedEvents: ctx.rand.chance(0.5), ...(ctx.rand.chance(0.5) ? { searchTerm: ctx.anyMarker() } : {}) } },
    }),
  },
  {
    name: 'security event drill-down',
    sees: 'scanned',
    ownData: true,
    after: 'security events search',
    request: (ctx) => ({
      method: 'POST',
      url: '/v2/security/rules/events/logs/search',
      body: { filter: { alertEventId: ctx.handle('securityEvent') ?? '00000000-0000-4000-8000-000000000000' } },
    }),
  },
  // Lookup lists.
  {
    name: 'lookup lists search',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: '/v1/lookup-lists/search',
      body: ctx.rand.chance(0.5)
        ? {}
        : { filter: { searchTerm: ctx.anyMarker() }, pagination: { pageNumber: 1, pageSize: ctx.rand.int(1, 50) } },
    }),
  },
  {
    name: 'lookup list by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/lookup-lists/${lookupListId(ctx)}` }),
  },
  {
    name: 'lookup elements search',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: `/v1/lookup-lists/${lookupListId(ctx)}/elements/search`,
      body: ctx.rand.pick([{}, { filter: { searchTerm: ctx.anyMarker() } }, { filter: { byValues: [ctx.anyMarker()] } }]),
    }),
  },
  {
    name: 'lookup element by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/lookup-lists/${lookupListId(ctx)}/elements/1` }),
  },
  {
    name: 'search naming a lookup list',
    sees: 'searchable',
    ownData: true,
    request: (ctx) => ({
      method: 'POST',
      url: '/v1/search',
      body: {
        query: ctx.rand.chance(0.5)
          ? { lookup: { owner_mark: { list: ctx.rand.chance(0.5) ? ctx.anyMarker() : lookupListId(ctx) } } }
          : { query_string: { query: `owner_mark:lookup{"${ctx.anyMarker()}"}` } },
        size: 50,
      },
    }),
  },
  {
    name: 'unified alert by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v2/unified-alerts/logs/${ctx.id('alert')}` }),
  },
  // Drop filters (activating one that is active changes nothing; another account's answers 404).
  {
    name: 'drop filters search',
    sees: 'own',
    ownData: true,
    request: () => ({ method: 'POST', url: '/v1/drop-filters/search' }),
  },
  {
    name: 'drop filter activate',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'POST', url: `/v1/drop-filters/${dropFilterId(ctx)}/activate` }),
  },
  // S3 fetchers.
  { name: 's3 fetchers list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v1/log-shipping/s3-buckets' }) },
  {
    name: 's3 fetcher by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v1/log-shipping/s3-buckets/${ctx.id('s3Fetcher')}` }),
  },
  // Archive settings and restores (the world makes no restore: each account's list is its own, empty one).
  { name: 'archive settings list', sees: 'own', ownData: true, request: () => ({ method: 'GET', url: '/v2/archive/settings' }) },
  {
    name: 'archive settings by id',
    sees: 'own',
    ownData: true,
    request: (ctx) => ({ method: 'GET', url: `/v2/archive/settings/${ctx.id('archive')}` }),
  },
  {
    name: 'archive settings test by id',
    sees: 'own',
    ownData: false,
    request: (ctx) => ({ method: 'POST', url: '/v2/archive/settings/test', body: { id: ctx.id('archive') } }),
  },
  { name: 'restores list', sees: 'own', ownData: false, request: () => ({ method: 'GET', url: '/archive/restore' }) },
  { name: 'restores list (v2)', sees: 'own', ownData: false, request: () => ({ method: 'GET', url: '/v2/archive/restore' }) },
];
