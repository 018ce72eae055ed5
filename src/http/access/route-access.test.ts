import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Principal, SessionRole } from '../../shared/principal.js';
import '../fastify-types.js';
import { installErrorHandling } from '../plugins/error-handler.js';
import { installAuthorization } from '../plugins/authorize.js';
import { accountKindAllows, requiredAccountKind, requiredCapability } from './route-access.js';

const ACCOUNT = { accountId: 1, accountName: 'main', region: 'us', ownerAccountId: null, accountType: 'OWNER_ACCOUNT', retentionDays: 30 };
const PRINCIPALS: Readonly<Record<string, Principal>> = {
  'api-token': { kind: 'api-token', tokenId: 1, ...ACCOUNT },
  ...Object.fromEntries(
    (['admin', 'regular', 'read-only'] as const satisfies readonly SessionRole[]).map((role) => [
      `session:${role}`,
      { kind: 'session', sessionId: 's', userId: 2, email: 'u@example.com', role, ...ACCOUNT } satisfies Principal,
    ]),
  ),
  'shared-token': { kind: 'shared-token', sharedTokenId: 3, filters: [], ...ACCOUNT },
};

describe('route access table', () => {
  it('names what each route requires, HEAD as GET, under-path rules for their subtrees', () => {
    assert.equal(requiredCapability('POST', '/v1/search'), 'search');
    assert.equal(requiredCapability('GET', '/v1/search'), undefined);
    assert.equal(requiredCapability('POST', '/v1/elasticsearch/:index/_search'), 'search');
    assert.equal(requiredCapability('GET', '/v1/elasticsearch'), 'search');
    assert.equal(requiredCapability('GET', '/:index/_count'), 'search');
    assert.equal(requiredCapability('HEAD', '/v2/alerts/:alertId'), 'read');
    assert.equal(requiredCapability('PUT', '/v2/alerts/:alertId'), 'write');
    assert.equal(requiredCapability('GET', '/v1/user-management'), 'read');
    assert.equal(requiredCapability('DELETE', '/v1/user-management/:id'), 'admin');
    assert.equal(requiredCapability('GET', '/v1/log-shipping/tokens/:id'), 'admin');
    assert.equal(requiredCapability('GET', '/'), undefined);
    assert.equal(requiredCapability('GET', '/app/*'), undefined);
  });

  it('names the account types each route is for: security routes for security accounts, unnamed ones for Logs accounts', () => {
    assert.equal(requiredAccountKind('POST', '/v2/security/rules/search'), 'security');
    assert.equal(requiredAccountKind('PUT', '/v2/security/rules/events/:ruleId'), 'security');
    assert.equal(requiredCapability('POST', '/v2/security/rules/events/logs/search'), 'search');
    assert.equal(requiredCapability('POST', '/v2/security/rules/events/search'), 'read');
    assert.equal(requiredCapability('POST', '/v2/security/rules'), 'write');
    assert.equal(requiredAccountKind('POST', '/v2/account-management/siem'), 'logs');
    assert.equal(requiredAccountKind('POST', '/v1/search'), 'logs');
    assert.equal(requiredAccountKind('GET', '/v9/unlisted'), 'logs');
    assert.equal(requiredAccountKind('GET', '/v2/whoami'), 'either');
    assert.equal(accountKindAllows('security', 'SECURITY_ACCOUNT'), true);
    assert.equal(accountKindAllows('security', 'OWNER_ACCOUNT'), false);
    assert.equal(accountKindAllows('logs', 'SECURITY_ACCOUNT'), false);
    assert.equal(accountKindAllows('logs', 'SUB_ACCOUNT'), true);
    assert.equal(accountKindAllows('either', 'SECURITY_ACCOUNT'), true);
  });

  describe('enforced by the authorization hook', () => {
    async function server(): Promise<FastifyInstance> {
      const app = Fastify();
      installErrorHandling(app);
      // Stands where authentication does: the principal a request names in a test header.
      app.decorateRequest('principal', null, []);
      app.addHook('onRequest', async (request) => {
        const principal = PRINCIPALS[String(request.headers['x-test-principal'])];
        assert.ok(principal !== undefined);
        request.principal = principal;
      });
      installAuthorization(app);
      const ok = async () => ({ ok: true });
      app.post('/v1/search', ok);
      app.get('/v2/alerts', ok);
      app.post('/v2/alerts', ok);
      app.delete('/v1/user-management/:id', ok);
      app.get('/v1/elasticsearch/:index/_mapping', ok);
      return app;
    }

    it('lets each principal kind and role call exactly what its capabilities allow', async () => {
      const app = await server();
      const expected: Readonly<Record<string, readonly [string, string, number][]>> = {
        'api-token': [
          ['POST', '/v1/search', 200],
          ['GET', '/v2/alerts', 200],
          ['POST', '/v2/alerts', 200],
          ['DELETE', '/v1/user-management/5', 200],
        ],
        'session:admin': [
          ['POST', '/v1/search', 200],
          ['GET', '/v2/alerts', 200],
          ['POST', '/v2/alerts', 200],
          ['DELETE', '/v1/user-management/5', 200],
        ],
        'session:regular': [
          ['POST', '/v1/search', 200],
          ['GET', '/v2/alerts', 200],
          ['POST', '/v2/alerts', 200],
          ['DELETE', '/v1/user-management/5', 403],
        ],
        'session:read-only': [
          ['POST', '/v1/search', 200],
          ['GET', '/v2/alerts', 200],
          ['POST', '/v2/alerts', 403],
          ['DELETE', '/v1/user-management/5', 403],
        ],
        'shared-token': [
          ['POST', '/v1/search', 200],
          ['GET', '/v1/elasticsearch/nginx/_mapping', 200],
          ['GET', '/v2/alerts', 403],
          ['POST', '/v2/alerts', 403],
        ],
      };
      for (const [who, calls] of Object.entries(expected)) {
        for (const [method, url, status] of calls) {
          const response = await app.inject({ method: method as 'GET', url, headers: { 'x-test-principal': who } });
          assert.equal(response.statusCode, status, `${who} ${method} ${url}`);
          if (status === 403) assert.match(response.body, /Insufficient privileges/);
        }
      }
      await app.close();
    });

    it('requires admin for a route the table does not name', async () => {
      const app = await server();
      app.get('/v9/unlisted', async () => ({ ok: true }));
      for (const [who, status] of [
        ['api-token', 200],
        ['session:admin', 200],
        ['session:regular', 403],
        ['shared-token', 403],
      ] as const) {
        assert.equal(
          (await app.inject({ method: 'GET', url: '/v9/unlisted', headers: { 'x-test-principal': who } })).statusCode,
          status,
          who,
        );
      }
      await app.close();
    });
  });
});
