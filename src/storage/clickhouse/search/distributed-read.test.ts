/**
 * Every statement a search sends, run through ClickHouse's distributed read path (decision 0723): the executor reads
 * `remote('127.0.0.1', db, logs)`, the table function of a one-shard cluster whose shard is this engine, with the
 * answers read from parts off as on a Distributed table. Each statement is then planned as a shard's part (up to the
 * mergeable state, with its ORDER BY, LIMIT, aggregates and scalar subqueries) and finished by the initiator, and
 * the answers must equal the single-server store's with every shortcut on. chDB opens no port, so this is as far as
 * one process goes: a remote shard over the network and several shards are not exercised here.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { parseQuery, parseSearchRequest } from '../../../query/index.js';
import type { GroupMeasure } from '../../log-searcher.js';
import type { LogDocument, LogSearchResult, LogStore, SearchScope } from '../../log-store.js';
import { openLogStore, openLogStoreTransport } from '../../open-log-store.js';
import { createFieldCatalogCache } from '../field-catalog.js';
import type { ClickHouseTransport } from '../transport.js';
import { createCatalogReadCache } from './fields/catalog-read-cache.js';
import { queryHelpers } from './compile/query-helpers.js';
import { createSearchExecutor } from './search-executor.js';
import { createGroupMeasureExecutor } from './group-measure-executor.js';
import { createPrioritisedRuns } from './statement-priority.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const MESSAGES = [
  'GET /api/v2/orders/17 took 30ms',
  'Connection to db-1 refused after 3 retries',
  'upstream: connection refused',
  'java.net.SocketTimeoutException: Read timed out',
  "Timeout while reading user_id=42 it's odd",
  'café ouvert, Straße gesperrt',
];

const REQUESTS: readonly unknown[] = [
  { query: { match_all: {} }, size: 5, sort: [{ '@timestamp': 'desc' }] },
  { query: { match: { message: 'refused' } } },
  { query: { match_phrase: { message: 'connection refused' } } },
  { query: { query_string: { query: 'timeout OR web-2' } } },
  { query: { query_string: { query: 'time*' } } },
  { query: { wildcard: { message: '*onnect*' } } },
  { query: { prefix: { message: 'conn' } } },
  { query: { range: { status: { gte: 500 } } }, sort: [{ status: 'asc' }, { '@timestamp': 'desc' }] },
  { query: { bool: { must_not: [{ exists: { field: 'user.id' } }], filter: [{ match: { host: 'web-1' } }] } } },
  { size: 0, aggs: { paths: { terms: { field: 'path', size: 3 } }, types: { terms: { field: 'type' } } } },
  {
    size: 0,
    query: { match: { message: 'refused' } },
    aggs: { hosts: { terms: { field: 'host' }, aggs: { avg: { avg: { field: 'bytes' } } } } },
  },
  { size: 0, aggs: { h: { date_histogram: { field: '@timestamp', fixed_interval: '1h' } } } },
  { size: 3, query: { match_all: {} }, sort: [{ '@timestamp': 'asc' }], search_after: [NOW - 3_600_000 * 30] },
  { size: 2, track_total_hits: 5, query: { query_string: { query: 'api' } } },
];

describe('search statements through the distributed read path (remote() to itself)', () => {
  let dir: string;
  let store: LogStore;
  let transport: ClickHouseTransport;
  let distributed: ReturnType<typeof createSearchExecutor>;
  let measured: ReturnType<typeof createGroupMeasureExecutor>;
  const scope: SearchScope = {
    accounts: [
      { accountId: 7, fromMs: NOW - 3 * 86_400_000 },
      { accountId: 8, fromMs: NOW - 86_400_000 },
    ],
    toMs: null,
    types: null,
    filter: null,
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'distributed-read-'));
    const config = { url: `chdb:${dir}`, memoryBytes: 1_000_000_000 };
    store = await openLogStore(config, { logger: pino({ level: 'silent' }), clock: { now: () => NOW } });
    const docs: LogDocument[] = [];
    for (let i = 0; i < 600; i += 1) {
      docs.push({
        id: `d${i}`,
        accountId: i % 3 === 0 ? 8 : 7,
        timestampMs: NOW - i * 360_000,
        receivedAtMs: NOW,
        type: i % 4 === 0 ? 'app' : 'nginx',
        message: MESSAGES[i % MESSAGES.length] ?? '',
        fields: {
          host: `web-${i % 3}`,
          status: [200, 500, 502, 404][i % 4] ?? 200,
          bytes: i,
          path: `/api/v${1 + (i % 2)}/orders/${i % 7}`,
          ...(i % 5 === 0 ? { 'user.id': i } : {}),
        },
        sizeBytes: 10,
      });
    }
    // Several inserts: several parts, as a shard has.
    for (let i = 0; i < docs.length; i += 200)
      await store.append(docs.slice(i, i + 200), { dedupToken: `fixture-${i}`, retentionDaysOf: () => 30 });
    transport = openLogStoreTransport({ ...config, querySessions: 2 });
    const catalog = createFieldCatalogCache(transport, 'log_fields', 'log_values');
    const read = createCatalogReadCache((ids) => catalog.read(ids), { now: () => NOW });
    distributed = createSearchExecutor({
      transport,
      table: "remote('127.0.0.1', currentDatabase(), logs)",
      readCatalog: (ids) => read.read(ids),
      helpers: queryHelpers,
      partsHere: false,
    });
    measured = createGroupMeasureExecutor({
      table: "remote('127.0.0.1', currentDatabase(), logs)",
      readCatalog: (ids) => read.read(ids),
      helpers: queryHelpers,
      runs: createPrioritisedRuns(transport),
      partsHere: false,
    });
  });
  after(async () => {
    await transport.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const comparable = (result: LogSearchResult) => ({
    total: result.total,
    relation: result.totalRelation,
    hits: result.hits.map((hit) => hit.id),
    aggregations: result.aggregations,
  });

  for (const [i, body] of REQUESTS.entries()) {
    it(`request ${i}: ${JSON.stringify(body).slice(0, 90)}`, async () => {
      const request = parseSearchRequest(body, { now: NOW, profile: 'elasticsearch' });
      const query = { scope, request, receivedAtMostMs: null, after: null };
      const single = await store.search(query);
      const through = await distributed(query);
      assert.deepEqual(comparable(through), comparable(single));
      // Not vacuous: the fixture answers each request with something.
      assert.ok(single.total > 0 || single.hits.length > 0 || single.aggregations !== null, 'the request matches nothing');
    });
  }

  // The alerts' and security rules' statements (detection): groups and their measures per condition.
  const MEASURES: readonly [string, readonly string[], GroupMeasure][] = [
    ['message:refused OR time*', ['host'], { kind: 'count' }],
    ['status:[500 TO 599]', ['host', 'type'], { kind: 'avg', field: 'bytes' }],
    ['*', [], { kind: 'unique_count', field: 'path' }],
    ['*', ['type'], { kind: 'share', condition: parseQuery({ match: { message: 'refused' } }, { now: NOW, profile: 'elasticsearch' }) }],
  ];
  for (const [i, [text, groupBy, measure]] of MEASURES.entries()) {
    it(`group measure ${i}: ${text} by [${groupBy.join(', ')}] ${measure.kind}`, async () => {
      const query = {
        scope,
        conditions: [parseQuery({ query_string: { query: text } }, { now: NOW, profile: 'elasticsearch' })],
        groupBy,
        measure,
        excludedTypes: [],
        maxGroups: 10,
        background: false,
      };
      const single = await store.measureGroups(query);
      assert.deepEqual(await measured(query), single);
      assert.ok((single[0]?.length ?? 0) > 0, 'the condition matches nothing');
    });
  }
});
