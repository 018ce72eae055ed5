import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { runCli } from '../support/child-process.js';
import { freePort } from '../support/external-process.js';
import { apiCall, startLogwardProcess, type LogwardProcess } from '../support/logward-process.js';
import { S3_FETCHERS, s3FetcherOf } from './s3-fetcher-tenant.js';
import { ARCHIVE_SETTINGS, archiveOf } from './archive-tenant.js';

/** One account of the isolation world, with what it may read. */
export interface Tenant {
  readonly label: string;
  /** A second label inside the account's data that no request ever names: its appearance is never an echo. */
  readonly hidden: string;
  readonly accountId: number;
  readonly apiToken: string;
  /** Logs accounts ship logs; a security account has no shipping token and reads only security paths. */
  readonly kind: 'logs' | 'security';
  readonly isMain: boolean;
  /** Accounts whose logs it may search (itself and, for the main account, its searchable sub accounts). */
  readonly searchable: ReadonlySet<number>;
  /** Accounts it manages (itself and, for the main account, every sub account). */
  readonly owned: ReadonlySet<number>;
  /** Accounts whose logs its security events and drill-downs may show (a security account's scanned ones). */
  readonly scanned: ReadonlySet<number>;
}

/** The kinds of ids the world holds. */
export type IdKind =
  | 'alert'
  | 'endpoint'
  | 'user'
  | 'shippingToken'
  | 'account'
  | 'sharedToken'
  | 'sharedTokenFilter'
  | 'savedObject'
  | 'securityRule'
  | 'snapshot'
  | 's3Fetcher'
  | 'archive';

export interface World {
  readonly service: LogwardProcess;
  readonly tenants: readonly Tenant[];
  /** Every id the setup created, by kind, with its account: read paths pick from all of them, anyone's. */
  readonly ids: Readonly<Record<IdKind, readonly { id: number; accountId: number }[]>>;
  /** Every lookup list the setup created (GUID ids), with its account. */
  readonly lookupLists: readonly { id: string; accountId: number }[];
  /** Every drop filter the setup created (GUID ids), with its account. */
  readonly dropFilters: readonly { id: string; accountId: number }[];
  /** Text that belongs to one account only (labels inside its data, its token values) → its account id. */
  readonly secrets: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** The marker every piece of an account's data carries: `iso<label>mark`, one word for the query parser. */
export const marker = (label: string): string => `iso${label}mark`;
/** The account's hidden word: in its data, never in a request. */
export const hiddenMarker = (label: string): string => `hid${label}den`;

async function ok<T>(what: string, call: Promise<{ status: number; body: unknown; text: string }>): Promise<T> {
  const response = await call;
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`${what} answered ${response.status}: ${response.text.slice(0, 500)}`);
  return response.body as T;
}

/**
 * The service as a process with a main account and three sub accounts (two searchable by the main account, one not),
 * each holding logs, alerts, an endpoint, a user, a shipping token and SSO groups that all carry the account's marker;
 * and a security account scanning the main account and the first sub account, with a rule that fires on their logs.
 */
export async function buildWorld(options: { logsPerAccount?: number } = {}): Promise<World> {
  const service = await startLogwardProcess({
    env: { LOGWARD_DETECTION_INTERVAL_SECONDS: '1', LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' },
  });
  const sink = http.createServer((req, res) => req.resume().on('end', () => res.end('{}')));
  const sinkPort = await freePort();
  await new Promise<void>((resolve) => sink.listen(sinkPort, '127.0.0.1', resolve));
  try {
    const api = (token: string, method: string, url: string, body?: unknown) => apiCall(service.apiUrl, token, method, url, body);
    const whoami = await ok<{ accountId: number }>('whoami', api(service.apiToken, 'GET', '/v2/whoami'));
    const secrets = new Map<string, number>();
    const newLabel = (): string =>
      randomBytes(8)
        .toString('hex')
        .replace(/[^a-z0-9]/g, '')
        .padEnd(10, '0')
        .slice(0, 10);

    const mainLabel = newLabel();
    const accounts: {
      label: string;
      hidden: string;
      accountId: number;
      apiToken: string;
      shippingToken: string;
      searchable: boolean;
      isMain: boolean;
    }[] = [
      {
        label: mainLabel,
        hidden: hiddenMarker(newLabel()),
        accountId: whoami.accountId,
        apiToken: service.apiToken,
        shippingToken: service.shippingToken,
        searchable: true,
        isMain: true,
      },
    ];
    for (const searchable of [true, true, false]) {
      const label = newLabel();
      const hidden = hiddenMarker(newLabel());
      const created = await ok<{ accountId: number; accountToken: string }>(
        'sub account',
        api(service.apiToken, 'POST', '/v1/account-management/time-based-accounts', {
          email: 'admin@example.com',
          accountName: `sub ${marker(label)} ${hidden}`,
          retentionDays: 3,
          maxDailyGB: 1,
          sharingObjectsAccounts: [],
          searchable,
        }),
      );
      const token = await ok<{ token: string }>(
        'api token',
        api(service.apiToken, 'POST', '/v1/api-tokens/sub-account', { name: `api ${marker(label)}`, accountId: created.accountId }),
      );
      accounts.push({
        label,
        hidden,
        accountId: created.accountId,
        apiToken: token.token,
        shippingToken: created.accountToken,
        searchable,
        isMain: false,
      });
    }

    const ids: Record<IdKind, { id: number; accountId: number }[]> = {
      alert: [],
      endpoint: [],
      user: [],
      shippingToken: [],
      account: [],
      sharedToken: [],
      sharedTokenFilter: [],
      savedObject: [],
      snapshot: [],
      securityRule: [],
      s3Fetcher: [],
      archive: [],
    };
    const lookupLists: { id: string; accountId: number }[] = [];
    const dropFilters: { id: string; accountId: number }[] = [];
    const minute = 60_000;
    for (const account of accounts) {
      const mark = `${marker(account.label)} ${account.hidden}`;
      secrets.set(marker(account.label), account.accountId);
      secrets.set(account.hidden, account.accountId);
      secrets.set(account.apiToken, account.accountId);
      secrets.set(account.shippingToken, account.accountId);
      ids.account.push({ id: account.accountId, accountId: account.accountId });
      const endpoint = await ok<{ id: number }>(
        'endpoint',
        api(account.apiToken, 'POST', '/v1/endpoints/custom', {
          title: `hook ${mark}`,
          description: mark,
          url: `http://127.0.0.1:${sinkPort}/${account.hidden}`,
          method: 'POST',
          headers: `x-mark=${account.hidden}`,
          bodyTemplate: { mark },
        }),
      );
      ids.endpoint.push({ id: endpoint.id, accountId: account.accountId });
      // The logs below lie in a closed window, so this alert fires on the scheduler's next evaluations.
      const alert = await ok<{ id: number }>(
        'alert',
        api(account.apiToken, 'POST', '/v2/alerts', {
          title: `alert ${mark}`,
          description: mark,
          tags: [marker(account.label), account.hidden],
          searchTimeFrameMinutes: 10,
          output: { recipients: { emails: [], notificationEndpointIds: [endpoint.id] }, suppressNotificationsMinutes: 0, type: 'JSON' },
          subComponents: [
            {
              queryDefinition: { query: marker(account.label), groupBy: ['owner_mark'], aggregation: { aggregationType: 'COUNT' } },
              trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
              output: { shouldUseAllFields: true },
            },
          ],
        }),
      );
      ids.alert.push({ id: alert.id, accountId: account.accountId });
      const user = await ok<{ id: number }>(
        'user',
        api(account.apiToken, 'POST', '/v1/user-management', {
          username: `u.${marker(account.label)}.${account.hidden}@example.com`,
          fullName: `User ${mark}`,
          accountID: account.accountId,
          role: 'USER_ROLE_REGULAR',
        }),
      );
      ids.user.push({ id: user.id, accountId: account.accountId });
      const shipping = await ok<{ id: number; token: string }>(
        'shipping token',
        api(account.apiToken, 'POST', '/v1/log-shipping/tokens', { name: `ship ${mark}` }),
      );
      secrets.set(shipping.token, account.accountId);
      ids.shippingToken.push({ id: shipping.id, accountId: account.accountId });
      // Shared tokens and insights are granted by the operator (the CLI, against the running process's store).
      for (const feature of ['shared-tokens', 'insights']) {
        const granted = runCli(['accounts', 'grant', String(account.accountId), feature], { LOGWARD_DATA_DIR: service.dataDir });
        if (granted.status !== 0) throw new Error(`granting ${feature} failed: ${granted.stderr}`);
      }
      const filter = await ok<{ id: number }>(
        'shared-token filter',
        api(account.apiToken, 'POST', '/v1/shared-tokens/filters', {
          field: 'owner_mark',
          value: marker(account.label),
          description: mark,
        }),
      );
      ids.sharedTokenFilter.push({ id: filter.id, accountId: account.accountId });
      const sharedToken = await ok<{ id: number; token: string }>(
        'shared token',
        api(account.apiToken, 'POST', '/v1/shared-tokens', { tokenName: `shared ${mark}`, filters: [filter.id] }),
      );
      secrets.set(sharedToken.token, account.accountId);
      ids.sharedToken.push({ id: sharedToken.id, accountId: account.accountId });
      await ok(
        'auth groups',
        api(account.apiToken, 'POST', '/v1/authentication/groups', [{ group: `group ${mark}`, userRole: 'USER_ROLE_REGULAR' }]),
      );
      // Saved objects get numeric ids so read paths can pick anyone's: one search made by the web API, and an
      // imported visualization and dashboard under the same id.
      const savedId = 100_000 + ids.savedObject.length;
      await ok(
        'saved search',
        api(account.apiToken, 'POST', '/v1/saved-objects/search', {
          id: String(savedId),
          attributes: { title: `search ${mark}`, description: mark, columns: [`f_${marker(account.label)}`] },
        }),
      );
      const hit = (type: 'visualization' | 'dashboard', attributes: Record<string, unknown>) => ({
        _id: `${type}:${savedId}`,
        _source: { type, [type]: { title: `${type} ${mark}`, description: mark, ...attributes }, references: [] },
      });
      await ok(
        'saved objects import',
        api(account.apiToken, 'POST', '/v1/kibana/import', {
          kibanaVersion: '7.2.1',
          hits: [hit('visualization', { visState: JSON.stringify({ title: mark }) }), hit('dashboard', { panelsJSON: '[]' })],
        }),
      );
      ids.savedObject.push({ id: savedId, accountId: account.accountId });
      // A snapshot of the dashboard (decision 0672): its name and message carry the marker.
      const snapshot = await ok<{ snapshotId: number }>(
        'snapshot',
        api(account.apiToken, 'POST', '/v1/snapshotter', {
          snapshotType: 'DASHBOARD',
          snapshotSavedObjectId: `dashboard:${savedId}`,
          timeFrameFrom: Date.now() - 3_600_000,
          timeFrameTo: Date.now(),
          snapshotTimeZone: 'UTC',
          emails: [`${marker(account.label)}@example.com`],
          message: mark,
        }),
      );
      ids.snapshot.push({ id: snapshot.snapshotId, accountId: account.accountId });
      // A lookup list named by the marker, holding the marker: searches may name it, other accounts may not.
      const list = await ok<{ id: string }>(
        'lookup list',
        api(account.apiToken, 'POST', '/v1/lookup-lists', { name: marker(account.label), description: mark }),
      );
      secrets.set(list.id, account.accountId);
      lookupLists.push({ id: list.id, accountId: account.accountId });
      await ok(
        'lookup elements',
        api(account.apiToken, 'POST', `/v1/lookup-lists/${list.id}/elements/bulk-add`, [
          { value: marker(account.label), comment: account.hidden },
        ]),
      );
      // A drop filter described by the marker, on a field no shipped log has: it drops nothing.
      const dropFilter = await ok<{ id: string }>(
        'drop filter',
        api(account.apiToken, 'POST', '/v1/drop-filters', {
          logType: marker(account.label),
          description: mark,
          fieldConditions: [{ fieldName: 'never_shipped', value: account.hidden }],
        }),
      );
      secrets.set(dropFilter.id, account.accountId);
      dropFilters.push({ id: dropFilter.id, accountId: account.accountId });
      const fetcher = await ok<{ id: number }>('s3 fetcher', api(account.apiToken, 'POST', S3_FETCHERS, s3FetcherOf(account)));
      ids.s3Fetcher.push({ id: fetcher.id, accountId: account.accountId });
      const archive = await ok<{ id: number }>('archive', api(account.apiToken, 'POST', ARCHIVE_SETTINGS, archiveOf(account)));
      ids.archive.push({ id: archive.id, accountId: account.accountId });
      const now = Date.now();
      const logs = Array.from({ length: options.logsPerAccount ?? 40 }, (_, n) =>
        JSON.stringify({
          '@timestamp': new Date(now - 3 * minute + n * 1000).toISOString(),
          message: `${mark} ${['error', 'login', 'alpha', 'timeout'][n % 4]} request ${n}`,
          owner_mark: marker(account.label),
          hidden: account.hidden,
          [`f_${marker(account.label)}`]: n,
          level: n % 3 === 0 ? 'error' : 'info',
          n,
          user: `user${n % 5}`,
        }),
      );
      const shipped = await fetch(`${service.listenerUrl}/?token=${account.shippingToken}&type=${marker(account.label)}`, {
        method: 'POST',
        body: logs.join('\n'),
      });
      if (shipped.status !== 200) throw new Error(`shipping answered ${shipped.status}: ${await shipped.text()}`);
    }
    for (const account of accounts) {
      // Ingest acknowledges before the batch is searchable: wait until each account's logs show.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = await api(account.apiToken, 'POST', '/v1/search', {
          query: { query_string: { query: marker(account.label) } },
          size: 1,
        });
        if (found.status === 200 && (found.body as { hits: { total: number | { value: number } } }).hits.total !== 0) break;
        if (Date.now() > deadline) throw new Error(`the logs of ${account.accountId} never became searchable: ${found.text.slice(0, 300)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const searchableIds = new Set(accounts.filter((a) => a.searchable).map((a) => a.accountId));
    const everyone = new Set(accounts.map((a) => a.accountId));
    const tenants: Tenant[] = accounts.map((a) => ({
      label: a.label,
      hidden: a.hidden,
      accountId: a.accountId,
      apiToken: a.apiToken,
      kind: 'logs',
      isMain: a.isMain,
      searchable: a.isMain ? searchableIds : new Set([a.accountId]),
      owned: a.isMain ? everyone : new Set([a.accountId]),
      scanned: new Set([a.accountId]),
    }));
    tenants.push(await securityTenant(api, service.apiToken, accounts[1]?.accountId ?? 0, newLabel, secrets, ids));
    return {
      service,
      tenants,
      ids,
      lookupLists,
      dropFilters,
      secrets,
      async close() {
        sink.close();
        await service.stop();
      },
    };
  } catch (error) {
    sink.close();
    await service.stop();
    throw error;
  }
}

type Api = (token: string, method: string, url: string, body?: unknown) => Promise<{ status: number; body: unknown; text: string }>;

/**
 * A security account scanning the main account (by default) and one sub account, its built-in pack disabled (358
 * rules on a 1 s grid would only slow the world down) and one rule of its own that fires on every scanned account's
 * error logs, grouped by their owner: its events and drill-downs show the scanned accounts' logs and no one else's.
 */
async function securityTenant(
  api: Api,
  mainToken: string,
  scannedSub: number,
  newLabel: () => string,
  secrets: Map<string, number>,
  ids: Record<IdKind, { id: number; accountId: number }[]>,
): Promise<Tenant> {
  const label = newLabel();
  const hidden = hiddenMarker(newLabel());
  const mark = `${marker(label)} ${hidden}`;
  const created = await ok<{ accountId: number }>(
    'security account',
    api(mainToken, 'POST', '/v2/account-management/siem', {
      accountName: `soc ${marker(label)} ${hidden}`,
      email: 'admin@example.com',
      accountsToScan: [scannedSub],
    }),
  );
  const token = await ok<{ token: string }>(
    'security api token',
    api(mainToken, 'POST', '/v1/api-tokens/sub-account', { name: `soc ${marker(label)}`, accountId: created.accountId }),
  );
  await ok('disabling the pack', api(token.token, 'POST', '/v2/security/rules/bulk/update', { all: true, fields: { enabled: false } }));
  const rule = await ok<{ id: number }>(
    'security rule',
    api(token.token, 'POST', '/v2/security/rules', {
      title: `rule ${mark}`,
      description: mark,
      tags: [marker(label), hidden],
      // Tagged, so the MITRE coverage lists it: that read shows the tenant its own data too.
      mitreTags: ['T1110'],
      searchTimeFrameMinutes: 10,
      subComponents: [
        {
          queryDefinition: { query: 'level:error', groupBy: ['owner_mark'], shouldQueryOnAllAccounts: true },
          trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
          output: { columns: [{ fieldName: 'owner_mark', sort: 'DESC' }] },
        },
      ],
    }),
  );
  ids.securityRule.push({ id: rule.id, accountId: created.accountId });
  for (const secret of [marker(label), hidden, token.token]) secrets.set(secret, created.accountId);
  const own = new Set([created.accountId]);
  const whoami = await ok<{ accountId: number }>('whoami', api(mainToken, 'GET', '/v2/whoami'));
  return {
    label,
    hidden,
    accountId: created.accountId,
    apiToken: token.token,
    kind: 'security',
    isMain: false,
    searchable: own,
    owned: own,
    scanned: new Set([created.accountId, whoami.accountId, scannedSub]),
  };
}

/**
 * Waits until each Logs account's alert has fired (its triggered alerts list it) and each security account has an
 * event for each account it scans; answers how many accounts got there.
 */
export async function waitForFirings(world: World, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let fired = 0;
    for (const tenant of world.tenants) {
      const page =
        tenant.kind === 'logs'
          ? await apiCall(world.service.apiUrl, tenant.apiToken, 'POST', '/v1/alerts/triggered-alerts', { size: 10 })
          : await apiCall(world.service.apiUrl, tenant.apiToken, 'POST', '/v2/security/rules/events/search', {});
      const expected = tenant.kind === 'logs' ? [tenant] : world.tenants.filter((t) => t !== tenant && tenant.scanned.has(t.accountId));
      if (page.status === 200 && expected.every((t) => page.text.includes(marker(t.label)))) fired += 1;
    }
    if (fired === world.tenants.length || Date.now() > deadline) return fired;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}
