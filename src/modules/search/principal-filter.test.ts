/**
 * A shared-token principal's filters are part of the compiled query: on the real engine, every hit, count,
 * aggregation, index count and scroll page of such a principal sees only logs its filters match.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { parseQuery, parseSearchRequest } from '../../query/index.js';
import type { ApiTokenPrincipal, SharedTokenPrincipal } from '../../shared/principal.js';
import type { LogDocument, LogStore } from '../../storage/log-store.js';
import { openLogStore } from '../../storage/open-log-store.js';
import { createEsCompatService, type EsCompatService } from './es-compat-service.js';
import { createSearchService } from './search-service.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const ACCOUNT = { accountId: 7, accountName: 'main', region: 'us', ownerAccountId: null, accountType: 'OWNER_ACCOUNT', retentionDays: 30 };
const apiToken: ApiTokenPrincipal = { kind: 'api-token', tokenId: 1, ...ACCOUNT };
const redOnly: SharedTokenPrincipal = {
  kind: 'shared-token',
  sharedTokenId: 11,
  filters: [{ kind: 'es-dsl', query: { term: { team: 'red' } } }],
  ...ACCOUNT,
};

// Blue logs are the newest: a filter applied to a page of results afterwards would leave a newest-first page empty.
const TEAMS = ['red', 'red', 'red', 'blue', 'blue', 'blue', 'blue', 'blue'];
const RED_IDS = ['d0', 'd1', 'd2'];

interface EsHits {
  readonly hits: { readonly total: { readonly value: number }; readonly hits: readonly { readonly _id: string }[] };
  readonly aggregations?: Record<string, { readonly buckets: readonly { readonly key: string; readonly doc_count: number }[] }>;
  readonly _scroll_id?: string;
}

describe('shared-token filters restrict the compiled query (search scope resolver)', () => {
  let store: LogStore;
  let dir: string;
  let es: EsCompatService;
  const search = async (principal: ApiTokenPrincipal | SharedTokenPrincipal, body: Record<string, unknown>, params = {}): Promise<EsHits> =>
    (await es.search(principal, undefined, body, params)) as unknown as EsHits;
  const ids = (out: EsHits): string[] => out.hits.hits.map((hit) => hit._id).sort();

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'principal-filter-'));
    const clock = { now: () => NOW };
    store = await openLogStore({ url: `chdb:${dir}`, memoryBytes: 1_000_000_000 }, { logger: pino({ level: 'silent' }), clock });
    const docs: LogDocument[] = TEAMS.map((team, i) => ({
      id: `d${i}`,
      accountId: 7,
      timestampMs: NOW - 60_000 + i * 1000,
      receivedAtMs: NOW - 1000,
      type: i % 2 === 0 ? 'nginx' : 'app',
      message: `request ${i} of team ${team}`,
      fields: { team, status: 200 + i },
      sizeBytes: 10,
    }));
    await store.append(docs, { dedupToken: 'principal-filter', retentionDaysOf: () => 30 });
    const searchService = createSearchService({ logStore: store, clock, getAccount: async () => undefined, parseSearchRequest });
    es = createEsCompatService({ search: searchService, logStore: store, clock, describeError: (error) => ({ error: String(error) }) });
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns only matching hits, with a total of matching logs, and fills a newest-first page with them', async () => {
    assert.equal((await search(apiToken, { query: { match_all: {} }, size: 100 })).hits.total.value, 8);
    const all = await search(redOnly, { query: { match_all: {} }, size: 100 });
    assert.deepEqual(ids(all), RED_IDS);
    assert.equal(all.hits.total.value, 3);
    const page = await search(redOnly, { query: { match: { message: 'request' } }, size: 2, sort: [{ '@timestamp': 'desc' }] });
    assert.deepEqual(ids(page), ['d1', 'd2']);
    // The caller's own query narrows further; it never widens past the filter.
    assert.deepEqual(ids(await search(redOnly, { query: { bool: { should: [{ term: { team: 'blue' } }, { term: { status: 201 } }] } } })), [
      'd1',
    ]);
  });

  it('aggregates and counts only matching logs', async () => {
    const out = await search(redOnly, { size: 0, aggs: { teams: { terms: { field: 'team' } }, types: { terms: { field: 'type' } } } });
    assert.deepEqual(
      out.aggregations?.teams?.buckets.map((b) => [b.key, b.doc_count]),
      [['red', 3]],
    );
    assert.deepEqual(
      out.aggregations?.types?.buckets.map((b) => [b.key, b.doc_count]),
      [
        ['nginx', 2],
        ['app', 1],
      ],
    );
    assert.deepEqual(await es.count(redOnly, undefined, {}, {}), { count: 3, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } });
    assert.equal((await es.count(redOnly, undefined, { query: { term: { team: 'blue' } } }, {})).count, 0);
    assert.equal((await es.count(apiToken, undefined, { query: { term: { team: 'blue' } } }, {})).count, 5);
  });

  it('counts only matching logs per index, and keeps each view in its own index cache', async () => {
    const counts = async (principal: ApiTokenPrincipal | SharedTokenPrincipal) =>
      Object.fromEntries((await es.catIndices(principal, undefined, { format: 'json' })).map((row) => [row.index, row['docs.count']]));
    assert.deepEqual(await counts(apiToken), { app: '4', nginx: '4' });
    assert.deepEqual(await counts(redOnly), { app: '1', nginx: '2' });
  });

  it('narrows by every filter: a QueryAst filter and a DSL filter together', async () => {
    const both: SharedTokenPrincipal = {
      ...redOnly,
      sharedTokenId: 12,
      filters: [
        ...redOnly.filters,
        { kind: 'query-ast', query: parseQuery({ term: { type: 'nginx' } }, { now: NOW, profile: 'elasticsearch' }) },
      ],
    };
    assert.deepEqual(ids(await search(both, { query: { match_all: {} } })), ['d0', 'd2']);
    assert.equal((await es.count(both, undefined, {}, {})).count, 2);
  });

  it('keeps scrolls within the view that opened them', async () => {
    const opened = await search(redOnly, { query: { match_all: {} }, size: 2, sort: ['_doc'] }, { scroll: '1m' });
    const scrollId = opened._scroll_id ?? '';
    const next = (await es.scroll(redOnly, { scroll_id: scrollId }, {})) as unknown as EsHits;
    assert.deepEqual([...ids(opened), ...ids(next)].sort(), RED_IDS);
    await assert.rejects(es.scroll(apiToken, { scroll_id: scrollId }, {}), /scroll context has expired/);
    const unfiltered = await search(apiToken, { query: { match_all: {} }, size: 2 }, { scroll: '1m' });
    await assert.rejects(es.scroll(redOnly, { scroll_id: unfiltered._scroll_id ?? '' }, {}), /scroll context has expired/);
  });

  it('reaches no other account, even one the account could search', async () => {
    await assert.rejects(
      createSearchService({ logStore: store, clock: { now: () => NOW }, getAccount: async () => undefined, parseSearchRequest }).search(
        redOnly,
        { query: { match_all: {} } },
        { accountIds: [7, 8], dayOffset: undefined },
      ),
      /Insufficient privileges|permission/i,
    );
  });
});
