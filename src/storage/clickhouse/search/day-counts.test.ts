/** The day-counts projection on the real engine: which statements of a search it serves (decision 0135). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseQuery, termsAggregation, type NamedAggregation, type SearchRequest } from '../../../query/index.js';
import type { CatalogField, SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { queryHelpers } from './compile/query-helpers.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { createSearchExecutor } from './search-executor.js';

const DAY = 86_400_000;
const FROM = Date.UTC(2026, 10, 20);
const CATALOG: CatalogField[] = [
  { name: 'path', type: 'text', conflictingTypes: [], inArrays: false, plainText: true },
  { name: 'host', type: 'text', conflictingTypes: [], inArrays: false, plainText: true },
];

function request(query: unknown, field: string): SearchRequest {
  const terms: NamedAggregation = {
    name: 't',
    meta: null,
    aggregation: termsAggregation(field, 10),
  };
  return {
    query: parseQuery(query, { now: FROM, profile: 'elasticsearch' }),
    from: 0,
    size: 0,
    sort: [],
    source: { enabled: true, includes: [], excludes: [] },
    postFilter: null,
    docvalueFields: [],
    storedFields: null,
    version: false,
    highlight: null,
    aggregations: [terms],
    trackTotalHits: true,
    searchAfter: null,
    timeoutMs: null,
    terminateAfter: null,
    trackScores: false,
    dayOffset: null,
    accountIds: null,
  };
}

describe('day counts projection', () => {
  const engine = openRecordingEngine('day-counts');
  const { transport, recording, statements } = engine;
  const search = createSearchExecutor({
    transport: recording,
    table: 'logs',
    readCatalog: async (ids) => new Map(ids.map((id) => [id, CATALOG])),
    helpers: queryHelpers,
  });

  /** Does the engine read the projection for the aggregation statement of this search? */
  async function servedByDayCounts(query: unknown, field: string, scope: SearchScope): Promise<boolean> {
    statements.length = 0;
    await search({ scope, request: request(query, field), receivedAtMostMs: null, after: null });
    const aggregation = statements.find((sql) => sql.includes('GROUP BY'));
    assert.ok(aggregation !== undefined);
    const plan = await transport.query<{ explain: string }>(`EXPLAIN projections = 1 ${aggregation}`);
    return plan.some((row) => row.explain.includes('ReadFromMergeTree (day_counts)'));
  }

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    const rows = Array.from({ length: 200 }, (_, i) => ({
      account: 1,
      ts: new Date(FROM + i * 60_000).toISOString().replace('T', ' ').replace('Z', ''),
      id: `r${i}`,
      type: 'nginx',
      message: 'x',
      retention_days: 30,
      f_path: `/p/${i % 7}`,
      f_host: `h${i % 3}`,
    }));
    await transport.insertJsonEachRow('logs', Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n')));
  });
  after(() => engine.close());

  it('serves terms on path and type over whole days of every log, and nothing else', async () => {
    const days: SearchScope = { accounts: [{ accountId: 1, fromMs: FROM }], toMs: FROM + 2 * DAY, types: null, filter: null };
    assert.equal(await servedByDayCounts({ match_all: {} }, 'path', days), true);
    assert.equal(await servedByDayCounts({ match_all: {} }, 'type', { ...days, types: { include: ['ngi*'], exclude: [] } }), true);
    // A key it does not hold, a query of its own, a window inside a day: the logs themselves.
    assert.equal(await servedByDayCounts({ match_all: {} }, 'host', days), false);
    assert.equal(await servedByDayCounts({ term: { host: 'h1' } }, 'path', days), false);
    assert.equal(await servedByDayCounts({ match_all: {} }, 'path', { ...days, accounts: [{ accountId: 1, fromMs: FROM + 1 }] }), false);
  });
});
