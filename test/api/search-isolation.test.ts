/**
 * Tenant isolation, property style: several accounts, seeded random queries over every read path
 * (/v1/search with accountIds, /v1/scroll, the Elasticsearch `_search`, `_msearch`, `_count` and aggregations).
 * No response may ever hold a log of an account the caller may not search.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { addAccount, type TestAccount } from '../support/sub-accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** mulberry32: small, seeded, good enough to pick queries. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.LOGWARD_ISOLATION_SEED ?? 20261121);
const ROUNDS = 60;
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'secret', 'token', 'error', 'login'];
const FIELDS = ['message', 'word', 'level', 'owner', 'n', 'tags', '*', 'type', '_index'];

interface Caller {
  readonly account: TestAccount;
  /** Accounts this caller may search (itself and its searchable sub accounts). */
  readonly searchable: ReadonlySet<number>;
}

const backend = controlPlaneBackends[0];
describe('search tenant isolation (seeded random queries)', () => {
  let t: TestApp;
  let callers: Caller[] = [];
  let allIds: number[] = [];
  const rand = random(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend });
    const { listenerUrl } = await t.listen();
    const main: TestAccount = { id: t.mainAccountId, apiToken: t.apiToken, shippingToken: t.shippingToken };
    const subOpen = await addAccount(t, { ownerAccountId: main.id, searchable: true });
    const subClosed = await addAccount(t, { ownerAccountId: main.id, searchable: false });
    const other = await addAccount(t, { ownerAccountId: null, searchable: true });
    const otherSub = await addAccount(t, { ownerAccountId: other.id, searchable: true });
    callers = [
      { account: main, searchable: new Set([main.id, subOpen.id]) },
      { account: subOpen, searchable: new Set([subOpen.id]) },
      { account: subClosed, searchable: new Set([subClosed.id]) },
      { account: other, searchable: new Set([other.id, otherSub.id]) },
      { account: otherSub, searchable: new Set([otherSub.id]) },
    ];
    allIds = callers.map((c) => c.account.id);
    for (const caller of callers) {
      const logs = Array.from({ length: 12 }, (_, i) => ({
        message: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
        word: pick(WORDS),
        level: pick(['info', 'warn', 'error']),
        owner: caller.account.id,
        n: i,
        tags: [pick(WORDS), pick(WORDS)],
      }));
      await shipLogs(listenerUrl, caller.account.shippingToken, pick(['app', 'nginx', 'audit']), logs);
    }
  });
  after(async () => t.close());

  function randomQueryString(): string {
    const field = pick(FIELDS);
    const value =
      field === 'owner'
        ? String(pick(allIds))
        : field === 'n'
          ? `[${Math.floor(rand() * 6)} TO ${6 + Math.floor(rand() * 6)}]`
          : pick(WORDS);
    const clause = field === '*' ? value : `${field}:${value}`;
    return pick([clause, `NOT ${clause}`, `${clause} OR *`, `(${clause}) AND ${pick(WORDS)}`, '*']);
  }

  function owners(hits: readonly { _source?: Record<string, unknown> }[]): number[] {
    return hits.map((h) => Number(h._source?.owner));
  }

  async function request(method: 'GET' | 'POST', url: string, token: string, payload?: unknown, contentType = 'application/json') {
    const response = await t.api.inject({
      method,
      url,
      headers: { 'x-api-token': token, 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: response.statusCode, json: response.json<Record<string, unknown>>() };
  }

  it(`never returns a log the caller may not search (${ROUNDS} rounds, seed ${SEED})`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const caller = pick(callers);
      const token = caller.account.apiToken;
      const query = { query_string: { query: randomQueryString() } };
      const aggs = { owners: { terms: { field: 'owner', size: 20 }, aggs: { top: { top_hits: { size: 3 } } } } };
      const label = `round ${round} (${JSON.stringify(query)})`;
      const allowedOwner = (id: number): boolean => caller.searchable.has(id);
      switch (pick(['search', 'search-accounts', 'scroll', 'es-search', 'msearch', 'count'] as const)) {
        case 'search':
        case 'search-accounts': {
          const requested = rand() < 0.5 ? null : allIds.filter(() => rand() < 0.4);
          const body = { query, size: 100, aggs, ...(requested === null ? {} : { accountIds: requested }) };
          const response = await request('POST', '/v1/search', token, body);
          const permitted = requested === null || requested.every(allowedOwner);
          if (requested !== null && requested.length === 0) {
            assert.equal(response.status, 400, label);
            break;
          }
          if (!permitted) {
            assert.equal(response.status, 403, `${label} should refuse ${JSON.stringify(requested)}`);
            break;
          }
          assert.equal(response.status, 200, `${label}: ${JSON.stringify(response.json)}`);
          const hits = (response.json.hits as { hits: { _source: Record<string, unknown> }[] }).hits;
          const visible = requested ?? [caller.account.id];
          for (const owner of owners(hits)) assert.ok(visible.includes(owner), `${label} leaked ${owner}`);
          const buckets = (
            response.json.aggregations as {
              owners: { buckets: { key: number; top: { hits: { hits: { _source: Record<string, unknown> }[] } } }[] };
            }
          ).owners.buckets;
          for (const bucket of buckets) {
            assert.ok(visible.includes(bucket.key), `${label} aggregated ${bucket.key}`);
            for (const owner of owners(bucket.top.hits.hits)) assert.ok(visible.includes(owner), `${label} top_hits leaked ${owner}`);
          }
          break;
        }
        case 'scroll': {
          let response = await request('POST', '/v1/scroll', token, { query, size: 5 });
          assert.equal(response.status, 200, label);
          const scrollId = String(response.json.scrollId);
          for (let page = 0; page < 20; page += 1) {
            const hits = (JSON.parse(String(response.json.hits)) as { hits: { _source: Record<string, unknown> }[] }).hits;
            for (const owner of owners(hits)) assert.equal(owner, caller.account.id, `${label} scroll leaked ${owner}`);
            if (hits.length === 0) break;
            // Another account's token must not continue this scroll.
            const stranger = pick(callers.filter((c) => c !== caller));
            assert.equal((await request('POST', '/v1/scroll', stranger.account.apiToken, { scroll_id: scrollId })).status, 404, label);
            response = await request('POST', '/v1/scroll', token, { scroll_id: scrollId });
          }
          break;
        }
        case 'es-search': {
          const response = await request(
            pick(['GET', 'POST']),
            `/${pick(['*', '_all', 'app,nginx,audit', '*,-audit'])}/_search?ignore_unavailable=true`,
            token,
            { query, size: 100, aggs },
          );
          assert.equal(response.status, 200, label);
          for (const owner of owners((response.json.hits as { hits: { _source: Record<string, unknown> }[] }).hits))
            assert.equal(owner, caller.account.id, label);
          break;
        }
        case 'msearch': {
          const body = `${JSON.stringify({ index: '*' })}\n${JSON.stringify({ query, size: 100 })}\n${JSON.stringify({})}\n${JSON.stringify({ query: { match_all: {} }, aggs })}\n`;
          const response = await request('POST', '/v1/elasticsearch/_msearch', token, body, 'application/x-ndjson');
          assert.equal(response.status, 200, label);
          for (const item of response.json.responses as { hits: { hits: { _source: Record<string, unknown> }[] } }[]) {
            for (const owner of owners(item.hits.hits)) assert.equal(owner, caller.account.id, label);
          }
          break;
        }
        case 'count': {
          const response = await request('POST', '/_count', token, { query: { terms: { owner: allIds } } });
          assert.equal(response.status, 200, label);
          assert.equal(response.json.count, 12, `${label}: count sees only the caller's 12 logs`);
          break;
        }
      }
    }
  });
});
