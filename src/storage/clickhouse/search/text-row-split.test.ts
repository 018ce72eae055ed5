/** Plain and other rows are searched apart only where their text tests differ (search-executor.ts). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSearchRequest, type SearchRequest } from '../../../query/index.js';
import type { CatalogField, SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { queryHelpers } from './compile/query-helpers.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { createSearchExecutor } from './search-executor.js';

const FROM = Date.UTC(2026, 10, 20);
const field = (name: string, plainText: boolean): CatalogField => ({
  name,
  type: 'text',
  conflictingTypes: [],
  inArrays: false,
  plainText,
});

/** Newest first with an exact total, as /v1/search asks, through the request parser. */
const request = (query: unknown): SearchRequest =>
  parseSearchRequest({ query, size: 10, sort: [{ '@timestamp': 'desc' }] }, { now: FROM, profile: 'logzio' });

describe('text tests on plain and other rows', () => {
  const engine = openRecordingEngine('text-rows');
  const { transport, recording, statements } = engine;
  // Account 1 only ever had plain messages; account 2 also one the engine tokenizes otherwise (non-ASCII).
  const catalogs = new Map([
    [1, [field('message', true), field('host', true)]],
    [2, [field('message', false), field('host', true)]],
  ]);
  const search = createSearchExecutor({
    transport: recording,
    table: 'logs',
    readCatalog: async (ids) => new Map(ids.map((id) => [id, catalogs.get(id) ?? []])),
    helpers: queryHelpers,
  });
  const scope = (accountId: number): SearchScope => ({
    accounts: [{ accountId, fromMs: FROM }],
    toMs: FROM + 86_400_000,
    types: null,
    filter: null,
  });

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    const row = (account: number, i: number, message: string, plain: number, host: string) => ({
      account,
      ts: new Date(FROM + i * 1000).toISOString().replace('T', ' ').replace('Z', ''),
      id: `r${account}-${i}`,
      type: 'app',
      message,
      message_plain: plain,
      fields_plain: 1,
      retention_days: 30,
      f_host: host,
      source: JSON.stringify({ message, host }),
    });
    const rows = [
      row(1, 1, 'disk full on node', 1, 'alpha'),
      row(1, 2, 'all good', 1, 'disk-host'),
      row(1, 3, 'nothing here', 1, 'beta'),
      row(2, 1, 'disk voll für node', 0, 'alpha'),
      row(2, 2, 'all good', 1, 'disk-host'),
      row(2, 3, 'nothing here', 1, 'beta'),
    ];
    await transport.insertJsonEachRow('logs', Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')));
  });
  after(() => engine.close());

  it('searches a field-less word in one statement per step where every message is plain', async () => {
    statements.length = 0;
    const result = await search({
      scope: scope(1),
      request: request({ query_string: { query: 'disk' } }),
      receivedAtMostMs: null,
      after: null,
    });
    assert.deepEqual(result.hits.map((hit) => hit.id).sort(), ['r1-1', 'r1-2']);
    assert.equal(result.total, 2);
    // The fields index's expression names message_plain, yet no statement splits the rows by it.
    assert.ok(statements.length > 0);
    assert.ok(
      statements.every((sql) => !sql.includes('message_plain = 0 AND')),
      statements.join('\n'),
    );
  });

  it('splits them where a message is not plain, with the same answers', async () => {
    statements.length = 0;
    const result = await search({
      scope: scope(2),
      request: request({ query_string: { query: 'disk' } }),
      receivedAtMostMs: null,
      after: null,
    });
    assert.deepEqual(result.hits.map((hit) => hit.id).sort(), ['r2-1', 'r2-2']);
    assert.equal(result.total, 2);
    assert.ok(statements.some((sql) => sql.includes('message_plain = 0 AND')));
  });
});
