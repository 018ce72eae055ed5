import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { createManualClock } from '../../shared/clock.js';
import type { ApiTokenPrincipal } from '../../shared/principal.js';
import { createAccountService } from '../accounts/index.js';
import { createTokenManagementService, MAX_ENABLED_SHIPPING_TOKENS, type TokenManagementService } from './token-management-service.js';
import { createTokenService, type TokenService } from './token-service.js';

const START = Date.UTC(2026, 0, 5);

for (const backend of controlPlaneBackends) {
  describe(`token services (${backend.name})`, () => {
    let opened: OpenedControlPlane;
    let tokens: TokenService;
    let management: TokenManagementService;
    let main: ApiTokenPrincipal;
    let sub: ApiTokenPrincipal;
    let subId: number;
    const clock = createManualClock(START);

    before(async () => {
      opened = await backend.open();
      const db = opened.controlPlane.db;
      tokens = createTokenService({ db, clock });
      const accounts = createAccountService({ db, clock, tokens, dailyUsage: async () => [], onAccountDeleted: [] });
      const boot = await accounts.bootstrap({
        region: 'us',
        adminEmail: 'admin@example.com',
        apiToken: undefined,
        shippingToken: undefined,
      });
      assert.ok(boot.created);
      const principalOf = async (token: string): Promise<ApiTokenPrincipal> => {
        const owner = await tokens.authenticateApiToken(token);
        assert.ok(owner);
        return {
          kind: 'api-token',
          accountId: owner.accountId,
          accountName: owner.accountName,
          region: owner.region,
          ownerAccountId: owner.ownerAccountId,
          accountType: owner.accountType,
          tokenId: owner.tokenId,
          retentionDays: owner.accountRetentionDays,
        };
      };
      main = await principalOf(boot.apiToken);
      subId = (
        await accounts.createSubAccount(main, {
          email: 'admin@example.com',
          accountName: 'sub',
          retentionDays: 3,
          sharingObjectsAccounts: [],
        })
      ).accountId;
      sub = await principalOf((await tokens.createApiToken({ accountId: subId, name: 'sub', createdBy: 'ops@example.com' })).token);
      management = createTokenManagementService({ db, clock, tokens, scope: accounts.scope });
    });
    after(async () => opened.dispose());

    it('stores API tokens hashed: the secret authenticates, nothing else does', async () => {
      const created = await tokens.createApiToken({ accountId: main.accountId, name: 'ci', createdBy: 'admin@example.com' });
      const stored = await opened.controlPlane.db
        .selectFrom('api_tokens')
        .select('token_hash')
        .where('id', '=', created.record.id)
        .executeTakeFirstOrThrow();
      assert.notEqual(stored.token_hash, created.token);
      assert.equal((await tokens.authenticateApiToken(created.token))?.accountId, main.accountId);
      assert.equal(await tokens.authenticateApiToken(`${created.token}x`), undefined);
      assert.equal(await tokens.authenticateApiToken(''), undefined);
      const caller = await tokens.authenticateApiToken(created.token);
      assert.ok(caller);
      assert.equal(await tokens.creatorOf({ ...main, tokenId: caller.tokenId }), 'admin@example.com');
      assert.equal(await tokens.revokeApiToken(created.record.id, subId), false, "another account's token is not revoked");
      assert.equal(await tokens.revokeApiToken(created.record.id), true);
      assert.equal(await tokens.authenticateApiToken(created.token), undefined);
    });

    it('resolves only enabled shipping tokens, and records who changed one and when', async () => {
      const created = await management.createShippingToken(sub, { name: 'edge' });
      assert.equal(created.createdBy, 'ops@example.com');
      assert.equal((await tokens.resolveShippingToken(created.token))?.id, created.id);
      clock.advance(1_000);
      const disabled = await management.updateShippingToken(sub, created.id, { enabled: false });
      assert.deepEqual({ ...disabled }, { ...created, enabled: false, updatedAt: START + 1_000, updatedBy: 'ops@example.com' });
      assert.equal(await tokens.resolveShippingToken(created.token), undefined);
      await assert.rejects(management.getShippingToken(main, created.id), {
        code: 'not_found',
        wireCode: 'log-shipping-tokens/TOKEN_NOT_FOUND',
      });
    });

    it('keeps at least one enabled shipping token and at most the limit', async () => {
      const [only] = (await tokens.listShippingTokens(main.accountId)).filter((t) => t.enabled);
      assert.ok(only !== undefined);
      await assert.rejects(management.deleteShippingToken(main, only.id), { wireCode: 'log-shipping-tokens/LAST_ENABLED_TOKEN' });
      await assert.rejects(management.updateShippingToken(main, only.id, { enabled: false }), {
        wireCode: 'log-shipping-tokens/LAST_ENABLED_TOKEN',
      });
      const enabled = (await management.shippingTokenLimits(main)).numOfEnabledTokens;
      for (let i = enabled; i < MAX_ENABLED_SHIPPING_TOKENS; i += 1) await management.createShippingToken(main, { name: `t${i}` });
      assert.deepEqual(await management.shippingTokenLimits(main), {
        maxAllowedTokens: MAX_ENABLED_SHIPPING_TOKENS,
        numOfEnabledTokens: MAX_ENABLED_SHIPPING_TOKENS,
      });
      await assert.rejects(management.createShippingToken(main, { name: 'one too many' }), {
        wireCode: 'log-shipping-tokens/MAX_TOKENS_REACHED',
      });
      const spare = await management.createShippingToken(main, { name: 'spare', enabled: false });
      assert.equal(spare.enabled, false, 'a disabled token does not count against the limit');
      const page = await management.searchShippingTokens(main, { enabled: false, pageNumber: 1, pageSize: 10 });
      assert.deepEqual(
        page.tokens.map((t) => t.name),
        ['spare'],
      );
    });

    it('creates API tokens for accounts of the tree with a main-account token only', async () => {
      const created = await management.createApiToken(main, { name: 'for sub', accountId: subId });
      assert.equal((await tokens.authenticateApiToken(created.token))?.accountId, subId);
      await assert.rejects(management.createApiToken(sub, { name: 'x', accountId: subId }), { code: 'permission_denied' });
      await assert.rejects(management.createApiToken(main, { name: 'x', accountId: 999_999 }), { code: 'not_found' });
    });
  });
}
