import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from '../../shared/app-error.js';
import type { Principal } from '../../shared/principal.js';
import type { Account } from '../accounts/index.js';
import { parseIndexExpression } from './index-expression.js';
import { resolveSearchScope } from './search-scope.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 15, 30);
const TODAY = Date.UTC(2026, 10, 21);

function account(id: number, ownerAccountId: number | null, searchable: boolean, retentionDays = 30): Account {
  return { id, ownerAccountId, searchable, retentionDays, active: true } as Account;
}

const accounts = new Map<number, Account>([
  [1, account(1, null, true)],
  [2, account(2, 1, true, 1)],
  [3, account(3, 1, false)],
  [4, account(4, null, true)],
]);
const lookup = async (id: number) => accounts.get(id);
/** A caller as authentication makes it: its own retention read with its token. */
const principal = (accountId: number, ownerAccountId: number | null): Principal => ({
  kind: 'api-token',
  accountId,
  ownerAccountId,
  accountName: 'x',
  region: 'r',
  accountType: 'OWNER_ACCOUNT',
  tokenId: 1,
  retentionDays: accounts.get(accountId)?.retentionDays ?? 30,
});

describe('resolveSearchScope', () => {
  it('searches today and yesterday UTC, shifted back by dayOffset', async () => {
    const scope = await resolveSearchScope(
      { principal: principal(1, null), requestedAccountIds: null, window: { kind: 'two-days', dayOffset: 0 }, types: null, nowMs: NOW },
      lookup,
    );
    assert.deepEqual(scope, {
      accounts: [{ accountId: 1, fromMs: TODAY - DAY }],
      toMs: TODAY + DAY,
      types: null,
      filter: null,
      requesterAccountId: 1,
    });
    const shifted = await resolveSearchScope(
      { principal: principal(1, null), requestedAccountIds: null, window: { kind: 'two-days', dayOffset: 3 }, types: null, nowMs: NOW },
      lookup,
    );
    assert.deepEqual(shifted.accounts, [{ accountId: 1, fromMs: TODAY - 4 * DAY }]);
    assert.equal(shifted.toMs, TODAY - 2 * DAY);
  });

  it('never reaches past an account retention, and refuses a dayOffset beyond it', async () => {
    const scope = await resolveSearchScope(
      { principal: principal(1, null), requestedAccountIds: [1, 2], window: { kind: 'two-days', dayOffset: 0 }, types: null, nowMs: NOW },
      lookup,
    );
    assert.deepEqual(scope.accounts, [
      { accountId: 1, fromMs: TODAY - DAY },
      { accountId: 2, fromMs: NOW - DAY },
    ]);
    await assert.rejects(
      resolveSearchScope(
        { principal: principal(1, null), requestedAccountIds: [1, 2], window: { kind: 'two-days', dayOffset: 2 }, types: null, nowMs: NOW },
        lookup,
      ),
      /dayOffset/,
    );
  });

  it('lets a main account search only itself and its searchable sub accounts; a sub account only itself', async () => {
    for (const [caller, requested] of [
      [principal(1, null), [3]],
      [principal(1, null), [4]],
      [principal(1, null), [99]],
      [principal(2, 1), [1]],
      [principal(2, 1), [2, 3]],
    ] as const) {
      await assert.rejects(
        resolveSearchScope(
          { principal: caller, requestedAccountIds: requested, window: { kind: 'retention' }, types: null, nowMs: NOW },
          lookup,
        ),
        (error: AppError) => error.code === 'permission_denied',
      );
    }
    const own = await resolveSearchScope(
      { principal: principal(2, 1), requestedAccountIds: [2], window: { kind: 'retention' }, types: null, nowMs: NOW },
      lookup,
    );
    assert.deepEqual(own.accounts, [{ accountId: 2, fromMs: NOW - DAY }]);
    // Its own account comes with the caller: no lookup, the retention read with the token.
    const refuse = async () => assert.fail('looked up the caller account');
    const alone = await resolveSearchScope(
      {
        principal: { ...principal(2, 1), retentionDays: 3 },
        requestedAccountIds: null,
        window: { kind: 'retention' },
        types: null,
        nowMs: NOW,
      },
      refuse,
    );
    assert.deepEqual(alone.accounts, [{ accountId: 2, fromMs: NOW - 3 * DAY }]);
  });

  it('refuses a sub account that is suspended, searchable or not', async () => {
    const suspended = async (id: number) => (id === 5 ? ({ ...account(5, 1, true), active: false } as Account) : lookup(id));
    await assert.rejects(
      resolveSearchScope(
        { principal: principal(1, null), requestedAccountIds: [5], window: { kind: 'retention' }, types: null, nowMs: NOW },
        suspended,
      ),
      (error: AppError) => error.code === 'permission_denied',
    );
  });

  it("puts a shared token's filters into the scope, parsed at the search's time, and keeps it to its own account", async () => {
    const shared: Principal = {
      ...principal(1, null),
      kind: 'shared-token',
      sharedTokenId: 9,
      filters: [
        { kind: 'es-dsl', query: { range: { '@timestamp': { gte: 'now-1h' } } } },
        { kind: 'es-dsl', query: { term: { team: 'red' } } },
      ],
    };
    const scope = await resolveSearchScope(
      { principal: shared, requestedAccountIds: null, window: { kind: 'retention' }, types: null, nowMs: NOW },
      lookup,
    );
    assert.equal(scope.filter?.kind, 'bool');
    assert.deepEqual(scope.filter?.kind === 'bool' ? scope.filter.filter.map((f) => f.kind) : [], ['range', 'term']);
    assert.match(JSON.stringify(scope.filter), new RegExp(String(NOW - 3_600_000)));
    // Account 2 is a searchable sub account of account 1: still out of a shared token's reach.
    await assert.rejects(
      resolveSearchScope(
        { principal: shared, requestedAccountIds: [1, 2], window: { kind: 'retention' }, types: null, nowMs: NOW },
        lookup,
      ),
      (error: AppError) => error.code === 'permission_denied',
    );
    await assert.rejects(
      resolveSearchScope(
        {
          principal: { ...shared, filters: [{ kind: 'es-dsl', query: { nonsense: {} } }] },
          requestedAccountIds: null,
          window: { kind: 'retention' },
          types: null,
          nowMs: NOW,
        },
        lookup,
      ),
      /unknown query \[nonsense\]/,
    );
  });

  it('reads index expressions as log type selections', () => {
    assert.equal(parseIndexExpression(undefined), null);
    assert.equal(parseIndexExpression('_all'), null);
    assert.deepEqual(parseIndexExpression('logs-*,-logs-debug'), { include: ['logs-*'], exclude: ['logs-debug'] });
    assert.deepEqual(parseIndexExpression('-x,nginx'), { include: ['-x', 'nginx'], exclude: [] });
  });
});
