/**
 * Shared tokens and query filters (reference §2.14): every operation, the filter pattern, the exact not-found text,
 * the token shown once and stored hashed, and what a shared token may do: search only what its filters allow
 * (hits, counts, aggregations, scroll), change nothing, reach no other account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { requiredCapability } from '../../src/http/access/route-access.js';
import { SHARED_TOKEN_NOT_FOUND_MESSAGE } from '../../src/modules/shared-tokens/index.js';
import { hashToken } from '../../src/shared/ids.js';
import { waitFor } from '../support/child-process.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { addAccount, type TestAccount } from '../support/sub-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Filter {
  id: number;
  field: string;
  value: string;
  description: string | null;
}
interface SharedToken {
  id: number;
  name: string;
  token: string;
  filters: number[];
  lastUsed: number | null;
  expirationDate: number | null;
  filtersOperator: 'AND' | 'OR';
}

for (const backend of controlPlaneBackends) {
  describe(`shared tokens and filters (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_ROLES: 'api' } });
      await t.app.featureGrants.grant(t.mainAccountId, 'shared-tokens');
    });
    after(async () => t.close());
    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.apiToken) =>
      t.api.inject({ method, url, headers: { 'x-api-token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });

    it('creates, lists, reads and deletes query filters; field and value must match ^[a-zA-Z0-9_@.-]+$', async () => {
      const created = await send('POST', '/v1/shared-tokens/filters', { field: 'team', value: 'red', description: 'red team' });
      assert.equal(created.statusCode, 200, created.body);
      const filter = created.json<Filter>();
      assert.deepEqual({ ...filter, id: 0 }, { id: 0, field: 'team', value: 'red', description: 'red team' });
      assert.deepEqual((await send('GET', `/v1/shared-tokens/filters/${filter.id}`)).json(), filter);
      assert.ok((await send('GET', '/v1/shared-tokens/filters')).json<Filter[]>().some((f) => f.id === filter.id));
      for (const bad of [
        { field: 'team name', value: 'red' },
        { field: 'team', value: 'red;drop' },
        { field: 'team', value: '' },
        { field: 'team', value: 'a"b' },
        { field: 'team' },
        { value: 'red' },
      ]) {
        const response = await send('POST', '/v1/shared-tokens/filters', bad);
        assert.equal(response.statusCode, 400, JSON.stringify(bad));
      }
      assert.equal((await send('POST', '/v1/shared-tokens/filters', { field: 'user.email', value: 'a_b-c@x.io' })).statusCode, 200);
      const deleted = await send('DELETE', `/v1/shared-tokens/filters/${filter.id}`);
      assert.equal(deleted.statusCode, 200);
      assert.equal(deleted.body, '');
      const gone = await send('GET', `/v1/shared-tokens/filters/${filter.id}`);
      assert.equal(gone.statusCode, 404);
      assert.equal(gone.json<{ message: string }>().message, SHARED_TOKEN_NOT_FOUND_MESSAGE);
      assert.equal(
        (await send('DELETE', `/v1/shared-tokens/filters/${filter.id}`)).json<{ message: string }>().message,
        SHARED_TOKEN_NOT_FOUND_MESSAGE,
      );
    });

    it('creates a token shown once and stored hashed, reads, updates (empty array removes all) and deletes it', async () => {
      const red = (await send('POST', '/v1/shared-tokens/filters', { field: 'team', value: 'red' })).json<Filter>();
      const app = (await send('POST', '/v1/shared-tokens/filters', { field: 'type', value: 'app' })).json<Filter>();
      const created = await send('POST', '/v1/shared-tokens', { tokenName: 'wallboard', filters: [red.id, app.id] });
      assert.equal(created.statusCode, 200, created.body);
      const token = created.json<SharedToken>();
      assert.match(token.token, /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        { ...token, id: 0, token: '' },
        { id: 0, name: 'wallboard', token: '', filters: [red.id, app.id], lastUsed: null, expirationDate: null, filtersOperator: 'AND' },
      );
      const stored = await t.app.controlPlane.db
        .selectFrom('shared_tokens')
        .selectAll()
        .where('id', '=', token.id)
        .executeTakeFirstOrThrow();
      assert.equal(stored.token_hash, hashToken(token.token));
      assert.ok(!JSON.stringify(stored).includes(token.token), 'the token itself is not stored');

      const read = (await send('GET', `/v1/shared-tokens/${token.id}`)).json<SharedToken>();
      assert.equal(read.token, `****${token.token.slice(-4)}`);
      assert.deepEqual(read.filters, [red.id, app.id]);
      assert.ok(
        (await send('GET', '/v1/shared-tokens'))
          .json<SharedToken[]>()
          .some((listed) => listed.id === token.id && listed.token === read.token),
      );

      const inUse = await send('DELETE', `/v1/shared-tokens/filters/${red.id}`);
      assert.equal(inUse.statusCode, 400, 'a filter a token carries is not deleted from under it');
      const updated = await send('PUT', `/v1/shared-tokens/${token.id}`, { filters: [app.id], filtersOperator: 'OR' });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.deepEqual(updated.json<SharedToken>().filters, [app.id]);
      assert.equal(updated.json<SharedToken>().filtersOperator, 'OR');
      assert.deepEqual((await send('PUT', `/v1/shared-tokens/${token.id}`, { filters: [] })).json<SharedToken>().filters, []);
      assert.equal((await send('PUT', `/v1/shared-tokens/${token.id}`, {})).statusCode, 400, 'filters is required');
      const unknownFilter = await send('PUT', `/v1/shared-tokens/${token.id}`, { filters: [12345] });
      assert.equal(unknownFilter.statusCode, 404);
      assert.equal(unknownFilter.json<{ message: string }>().message, SHARED_TOKEN_NOT_FOUND_MESSAGE);
      assert.equal((await send('POST', '/v1/shared-tokens', { tokenName: 'x', filters: [12345] })).statusCode, 404);
      assert.equal((await send('POST', '/v1/shared-tokens', { filters: [] })).statusCode, 400, 'tokenName is required');

      assert.equal((await send('DELETE', `/v1/shared-tokens/${token.id}`)).statusCode, 204);
      for (const [method, url] of [
        ['GET', `/v1/shared-tokens/${token.id}`],
        ['PUT', `/v1/shared-tokens/${token.id}`],
        ['DELETE', `/v1/shared-tokens/${token.id}`],
      ] as const) {
        const response = await send(method, url, method === 'PUT' ? { filters: [] } : undefined);
        assert.equal(response.statusCode, 404, `${method} ${url}`);
        assert.deepEqual(response.json<{ message: string }>().message, SHARED_TOKEN_NOT_FOUND_MESSAGE);
      }
      assert.equal((await send('DELETE', `/v1/shared-tokens/filters/${red.id}`)).statusCode, 200, 'free once its token is gone');
    });

    it("keeps accounts apart: another account's tokens and filters are not found, nor listed", async () => {
      const filter = (await send('POST', '/v1/shared-tokens/filters', { field: 'team', value: 'blue' })).json<Filter>();
      const token = (await send('POST', '/v1/shared-tokens', { tokenName: 'mine', filters: [filter.id] })).json<SharedToken>();
      const other = await addAccount(t, { ownerAccountId: null, searchable: true });
      await t.app.featureGrants.grant(other.id, 'shared-tokens');
      for (const url of [`/v1/shared-tokens/${token.id}`, `/v1/shared-tokens/filters/${filter.id}`]) {
        assert.equal((await send('GET', url, undefined, other.apiToken)).statusCode, 404, url);
        assert.equal((await send('DELETE', url, undefined, other.apiToken)).statusCode, 404, url);
      }
      assert.equal((await send('PUT', `/v1/shared-tokens/${token.id}`, { filters: [] }, other.apiToken)).statusCode, 404);
      assert.equal((await send('POST', '/v1/shared-tokens', { tokenName: 'steal', filters: [filter.id] }, other.apiToken)).statusCode, 404);
      assert.deepEqual((await send('GET', '/v1/shared-tokens', undefined, other.apiToken)).json(), []);
      assert.deepEqual((await send('GET', '/v1/shared-tokens/filters', undefined, other.apiToken)).json(), []);
      assert.equal((await send('GET', `/v1/shared-tokens/${token.id}`)).statusCode, 200);
    });
  });
}

const searchBackend = controlPlaneBackends[0]!;
describe('searching with a shared token', () => {
  let t: TestApp;
  let other: TestAccount;
  let red = '';
  let redOrBlue = '';
  let unfiltered = '';
  let listenerUrl = '';
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.api.inject({ method, url, headers: { 'x-api-token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const total = async (token: string, query: object = { match_all: {} }): Promise<number> => {
    const response = await send('POST', '/v1/search', token, { query, size: 0 });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ hits: { total: number } }>().hits.total;
  };

  before(async () => {
    t = await startTestApp({ backend: searchBackend });
    listenerUrl = (await t.listen()).listenerUrl;
    await t.app.featureGrants.grant(t.mainAccountId, 'shared-tokens');
    other = await addAccount(t, { ownerAccountId: t.mainAccountId, searchable: true });
    const logs = ['red', 'red', 'red', 'blue', 'blue', 'green'].map((team, i) => ({ message: `request ${i} by ${team}`, team, n: i }));
    await shipLogs(listenerUrl, t.shippingToken, 'app', logs);
    await shipLogs(listenerUrl, other.shippingToken, 'app', [{ message: 'the sub account log', team: 'red' }]);
    await waitFor(async () => ((await total(t.apiToken)) === 6 ? true : undefined), 30_000, 'the main account logs');
    await waitFor(async () => ((await total(other.apiToken)) === 1 ? true : undefined), 30_000, 'the sub account log');
    const filter = async (field: string, value: string) =>
      (await send('POST', '/v1/shared-tokens/filters', t.apiToken, { field, value })).json<Filter>().id;
    const redId = await filter('team', 'red');
    const blueId = await filter('team', 'blue');
    const create = async (body: object) => (await send('POST', '/v1/shared-tokens', t.apiToken, body)).json<SharedToken>().token;
    red = await create({ tokenName: 'red', filters: [redId] });
    redOrBlue = await create({ tokenName: 'red or blue', filters: [redId, blueId], filtersOperator: 'OR' });
    unfiltered = await create({ tokenName: 'all' });
  });
  after(async () => t.close());

  it('sees only the logs its filters allow, in hits and totals', async () => {
    assert.equal(await total(red), 3);
    assert.equal(await total(redOrBlue), 5);
    assert.equal(await total(unfiltered), 6);
    assert.equal(await total(red, { query_string: { query: 'team:blue' } }), 0, 'its own query narrows, never widens');
    const hits = (await send('POST', '/v1/search', red, { query: { match_all: {} }, size: 10 })).json<{
      hits: { hits: { _source: { team: string } }[] };
    }>();
    assert.deepEqual(new Set(hits.hits.hits.map((hit) => hit._source.team)), new Set(['red']));
  });

  it('aggregates only over the logs its filters allow', async () => {
    const response = await send('POST', '/v1/search', redOrBlue, {
      query: { match_all: {} },
      size: 0,
      aggs: { teams: { terms: { field: 'team' } } },
    });
    assert.equal(response.statusCode, 200, response.body);
    const buckets = response.json<{ aggregations: { teams: { buckets: { key: string; doc_count: number }[] } } }>().aggregations.teams
      .buckets;
    assert.deepEqual(Object.fromEntries(buckets.map((b) => [b.key, b.doc_count])), { red: 3, blue: 2 });
  });

  it('scrolls only through the logs its filters allow', async () => {
    const seen: string[] = [];
    type Page = { hits: { _source: { team: string } }[] };
    const opened = await send('POST', '/v1/scroll', red, { query: { match_all: {} }, size: 2, scroll: '1m' });
    assert.equal(opened.statusCode, 200, opened.body);
    // Logz.io's scroll answers the hits as a JSON string.
    const scrollId = opened.json<{ scrollId: string }>().scrollId;
    let page = JSON.parse(opened.json<{ hits: string }>().hits) as Page;
    for (let round = 0; round < 5 && page.hits.length > 0; round++) {
      seen.push(...page.hits.map((hit) => hit._source.team));
      const next = await send('POST', '/v1/scroll', red, { scroll_id: scrollId });
      assert.equal(next.statusCode, 200, next.body);
      page = JSON.parse(next.json<{ hits: string }>().hits) as Page;
    }
    const stolen = await send('POST', '/v1/scroll', t.apiToken, { scroll_id: scrollId });
    assert.notEqual(stolen.statusCode, 200, "another principal cannot continue the token's scroll");
    assert.deepEqual(seen, ['red', 'red', 'red']);
  });

  it("reaches no other account's logs, not even a sub account the main account may search", async () => {
    const response = await send('POST', '/v1/search', unfiltered, { query: { match_all: {} }, size: 0, accountIds: [other.id] });
    assert.notEqual(response.statusCode, 200);
    assert.equal(await total(unfiltered, { query_string: { query: '"sub account"' } }), 0);
  });

  it('is refused every route that is not a search: every write and every settings read', async () => {
    const doc = t.api.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    let checked = 0;
    for (const [openApiPath, operations] of Object.entries(doc.paths)) {
      const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
      for (const [key, operation] of Object.entries(operations)) {
        const method = key.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) continue;
        // Routes that take no token at all (web sign-in, sign-out, invite acceptance) carry no privilege to refuse.
        if (Array.isArray(operation.security) && operation.security.length === 0) continue;
        if (requiredCapability(method, url) === 'search') continue;
        const concrete = openApiPath.replace(/\{(\w+)\}/g, '123456');
        const response = await t.api.inject({
          method: method as 'GET',
          url: concrete,
          headers: { 'x-api-token': red },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        if (response.statusCode === 404 && response.json<{ errorCode?: string }>().errorCode === 'GENERAL/UNKNOWN_ENDPOINT') continue;
        assert.equal(response.statusCode, 403, `${method} ${concrete}: ${response.body}`);
        checked++;
      }
    }
    assert.ok(checked > 30, `checked ${checked} routes`);
    const ship = await fetch(`${listenerUrl}/?token=${red}&type=app`, { method: 'POST', body: '{"message":"x"}' });
    assert.ok(ship.status >= 400 && ship.status < 500, `a shared token ships no logs (listener answered ${ship.status})`);
  });

  it("matches a filter's whole value only, and lists in _mapping and _field_caps only the fields of logs it can read", async () => {
    await shipLogs(listenerUrl, t.shippingToken, 'billing', [
      { message: 'payment taken', team: 'payments', visible_field: 'v', amount: 10 },
      { message: 'other payment', team: 'payments-x', hidden_field: 'h', nested: { secret: 's' } },
      { message: 'upper case', team: 'Payments', hidden_case: 'c' },
    ]);
    await waitFor(async () => ((await total(t.apiToken)) === 9 ? true : undefined), 30_000, 'the billing logs');
    const filterId = (await send('POST', '/v1/shared-tokens/filters', t.apiToken, { field: 'team', value: 'payments' })).json<Filter>().id;
    const amountId = (await send('POST', '/v1/shared-tokens/filters', t.apiToken, { field: 'amount', value: '10' })).json<Filter>().id;
    const create = async (body: object) => (await send('POST', '/v1/shared-tokens', t.apiToken, body)).json<SharedToken>().token;
    const payments = await create({ tokenName: 'payments', filters: [filterId] });
    const byAmount = await create({ tokenName: 'amount', filters: [amountId] });
    assert.equal(await total(payments), 1, 'payments-x and Payments are other values');
    assert.equal(await total(byAmount), 1, 'a number matches by value');

    const fieldNames = (properties: Record<string, { properties?: object }>, prefix = ''): string[] =>
      Object.entries(properties).flatMap(([name, node]) =>
        node.properties === undefined
          ? [`${prefix}${name}`]
          : fieldNames(node.properties as Record<string, { properties?: object }>, `${prefix}${name}.`),
      );
    const mapping = await send('GET', '/v1/elasticsearch/_mapping', payments);
    assert.equal(mapping.statusCode, 200, mapping.body);
    const indices = mapping.json<Record<string, { mappings: { properties: Record<string, { properties?: object }> } }>>();
    assert.deepEqual(Object.keys(indices), ['billing'], 'only the types of logs it can read');
    assert.deepEqual(fieldNames(indices.billing?.mappings.properties ?? {}).sort(), [
      '@timestamp',
      'amount',
      'message',
      'team',
      'type',
      'visible_field',
    ]);
    const caps = await send('GET', '/v1/elasticsearch/_field_caps?fields=*', payments);
    assert.equal(caps.statusCode, 200, caps.body);
    assert.deepEqual(Object.keys(caps.json<{ fields: Record<string, unknown> }>().fields).sort(), [
      '@timestamp',
      'amount',
      'message',
      'message.keyword',
      'team',
      'team.keyword',
      'type',
      'visible_field',
      'visible_field.keyword',
    ]);
    // New filters are seen at once, whatever was listed a moment ago.
    const paymentsId = (await send('GET', '/v1/shared-tokens', t.apiToken)).json<SharedToken[]>().find((tk) => tk.name === 'payments')?.id;
    const redFilter = (await send('POST', '/v1/shared-tokens/filters', t.apiToken, { field: 'team', value: 'red' })).json<Filter>().id;
    assert.equal((await send('PUT', `/v1/shared-tokens/${paymentsId}`, t.apiToken, { filters: [redFilter] })).statusCode, 200);
    const narrowed = Object.keys((await send('GET', '/v1/elasticsearch/_field_caps?fields=*', payments)).json<{ fields: object }>().fields);
    assert.ok(narrowed.includes('n') && !narrowed.includes('visible_field'), narrowed.join());
    // Full-access callers still see the whole catalog.
    const all = Object.keys((await send('GET', '/v1/elasticsearch/_field_caps?fields=*', t.apiToken)).json<{ fields: object }>().fields);
    for (const name of ['hidden_field', 'hidden_case', 'nested.secret', 'n']) assert.ok(all.includes(name), name);
  });

  it('keeps lastUsed, stops working when deleted, expired, or when the grant is revoked', async () => {
    const listed = (await send('GET', '/v1/shared-tokens', t.apiToken)).json<SharedToken[]>();
    assert.ok(listed.find((token) => token.name === 'red')!.lastUsed! > 0);
    // A token cannot be made expired (400), nor expire past year 2200; one that expires later stops working then.
    for (const expirationDate of [Date.now() - 1, 0, 7_258_118_400_001, 1e308]) {
      const refused = await send('POST', '/v1/shared-tokens', t.apiToken, { tokenName: 'old', expirationDate });
      assert.equal(refused.statusCode, 400, `${expirationDate}: ${refused.body}`);
      assert.equal(refused.json<{ parameters: { field: string } }>().parameters.field, 'body.expirationDate');
    }
    assert.ok(!(await send('GET', '/v1/shared-tokens', t.apiToken)).json<SharedToken[]>().some((token) => token.name === 'old'));
    const expiresAt = Date.now() + 500;
    const expiring = (
      await send('POST', '/v1/shared-tokens', t.apiToken, { tokenName: 'old', expirationDate: expiresAt })
    ).json<SharedToken>();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 50)));
    assert.equal((await send('POST', '/v1/search', expiring.token, { query: { match_all: {} } })).statusCode, 403);
    await t.app.featureGrants.revoke(t.mainAccountId, 'shared-tokens');
    assert.equal((await send('POST', '/v1/search', red, { query: { match_all: {} } })).statusCode, 403);
    await t.app.featureGrants.grant(t.mainAccountId, 'shared-tokens');
    assert.equal((await send('POST', '/v1/search', red, { query: { match_all: {} } })).statusCode, 200);
  });
});
