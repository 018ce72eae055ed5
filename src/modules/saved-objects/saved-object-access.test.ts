/**
 * Who may read and write saved objects (decision 0500, route access table): the module's real routes and service
 * over a real control plane, behind the authorization hook, called as each principal kind and role.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { sqliteBackend, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import '../../http/fastify-types.js';
import { installAuthorization } from '../../http/plugins/authorize.js';
import { installErrorHandling } from '../../http/plugins/error-handler.js';
import { ErrorBody, LegacyErrorBody } from '../../http/wire/error-body.js';
import { createManualClock } from '../../shared/clock.js';
import type { Principal, SessionRole } from '../../shared/principal.js';
import { accountRepository } from '../accounts/index.js';
import { kibanaRoutes } from './kibana-routes.js';
import { savedObjectRoutes } from './saved-object-routes.js';
import { createSavedObjectService } from './saved-object-service.js';

const ACCOUNT_ID = 630_001;
const ACCOUNT = {
  accountId: ACCOUNT_ID,
  accountName: 'main',
  region: 'us',
  ownerAccountId: null,
  accountType: 'OWNER_ACCOUNT',
  retentionDays: 30,
};
const session = (role: SessionRole): Principal => ({
  kind: 'session',
  sessionId: 's',
  userId: 2,
  email: `${role}@example.com`,
  role,
  ...ACCOUNT,
});
const PRINCIPALS: Readonly<Record<string, Principal>> = {
  'api-token': { kind: 'api-token', tokenId: 1, ...ACCOUNT },
  'session:admin': session('admin'),
  'session:regular': session('regular'),
  'session:read-only': session('read-only'),
  'shared-token': { kind: 'shared-token', sharedTokenId: 3, filters: [], ...ACCOUNT },
};

describe('saved-object access by principal kind and role', () => {
  let opened: OpenedControlPlane;
  let app: FastifyInstance;
  before(async () => {
    opened = await sqliteBackend.open();
    const db = opened.controlPlane.db;
    await accountRepository.insert(db, {
      id: ACCOUNT_ID,
      name: 'main',
      region: 'us',
      ownerAccountId: null,
      type: 'OWNER_ACCOUNT',
      email: null,
      retentionDays: 7,
      maxDailyGB: 1,
      reservedDailyGB: null,
      isFlexible: false,
      searchable: true,
      accessible: true,
      docSizeSetting: false,
      active: true,
      createdAt: 1,
      updatedAt: 1,
      lastUpdaterUserId: null,
      sharingObjectsAccounts: [],
      utilizationSettings: { frequencyMinutes: 5, utilizationEnabled: false },
      softLimitGB: null,
      snapSearchRetentionDays: null,
    });
    // A session's writes are recorded as its user, as the actor resolver does.
    const service = createSavedObjectService({
      db,
      clock: createManualClock(Date.UTC(2026, 10, 25)),
      actorOf: async (principal) => ({
        accountId: principal.accountId,
        email: principal.kind === 'session' ? principal.email : 'token@example.com',
      }),
    });
    app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    installErrorHandling(app);
    app.addSchema(ErrorBody);
    app.addSchema(LegacyErrorBody);
    // Stands where authentication does: the principal a request names in a test header.
    app.decorateRequest('principal', null, []);
    app.addHook('onRequest', async (request) => {
      const principal = PRINCIPALS[String(request.headers['x-test-principal'])];
      assert.ok(principal !== undefined);
      request.principal = principal;
    });
    installAuthorization(app);
    await app.register(savedObjectRoutes(service));
    await app.register(kibanaRoutes(service));
    await app.ready();
  });
  after(async () => {
    await app.close();
    await opened.dispose();
  });

  const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { 'x-test-principal': who }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lets tokens, admins and regular users write; read-only users and shared tokens change nothing', async () => {
    for (const who of ['api-token', 'session:admin', 'session:regular']) {
      const id = who.replace(':', '-');
      const made = await send(who, 'POST', '/v1/saved-objects/search', { id, attributes: { title: `by ${who}` } });
      assert.equal(made.statusCode, 200, `${who}: ${made.body}`);
      if (who.startsWith('session:')) assert.equal(made.json<{ createdBy: string }>().createdBy, `${who.slice(8)}@example.com`);
      assert.equal((await send(who, 'PUT', `/v1/saved-objects/search/${id}`, { attributes: { title: 'changed' } })).statusCode, 200);
      const imported = await send(who, 'POST', '/v1/kibana/import', {
        hits: [{ _id: `dashboard:${id}`, _source: { type: 'dashboard', dashboard: { title: 'imported' } } }],
      });
      assert.deepEqual(imported.json<{ created: string[] }>().created, ['imported'], who);
      assert.equal((await send(who, 'DELETE', `/v1/saved-objects/search/${id}`)).statusCode, 204, who);
      assert.equal((await send(who, 'DELETE', `/v1/osd/saved-objects/dashboard/${id}`)).statusCode, 200, who);
    }

    await send('api-token', 'POST', '/v1/saved-objects/search', { id: 'kept', attributes: { title: 'kept' } });
    const before = (await send('api-token', 'POST', '/v1/kibana/export', { type: 'search' })).json<unknown>();
    for (const who of ['session:read-only', 'shared-token']) {
      const writes: [string, string, unknown][] = [
        ['POST', '/v1/saved-objects/search', { attributes: { title: 'nope' } }],
        ['PUT', '/v1/saved-objects/search/kept', { attributes: { title: 'nope' } }],
        ['DELETE', '/v1/saved-objects/search/kept', undefined],
        [
          'POST',
          '/v1/kibana/import',
          { override: true, hits: [{ _id: 'search:kept', _source: { type: 'search', search: { title: 'nope' } } }] },
        ],
        ['DELETE', '/v1/osd/saved-objects/search/kept', undefined],
      ];
      for (const [method, url, payload] of writes) {
        const response = await send(who, method as 'POST', url, payload);
        assert.equal(response.statusCode, 403, `${who} ${method} ${url}`);
        assert.match(response.body, /Insufficient privileges/);
      }
    }
    assert.deepEqual((await send('api-token', 'POST', '/v1/kibana/export', { type: 'search' })).json(), before);
  });

  it('lets read-only users read and export; shared tokens view saved objects (shared dashboards) but cannot export', async () => {
    for (const who of ['session:read-only', 'shared-token'] as const) {
      assert.equal((await send(who, 'GET', '/v1/saved-objects/search')).statusCode, 200, who);
      assert.equal((await send(who, 'GET', '/v1/saved-objects/search/kept')).statusCode, 200, who);
    }
    for (const [who, status] of [
      ['session:read-only', 200],
      ['shared-token', 403],
    ] as const) {
      assert.equal((await send(who, 'POST', '/v1/kibana/export', { type: 'search' })).statusCode, status, who);
      assert.equal((await send(who, 'POST', '/kibana/export', { type: 'search' })).statusCode, status, who);
    }
  });
});
