/**
 * Rule field-presence on the engine (decision 0785): Discover's filters aggregation of `exists` tests answered in
 * one pass over the maps' keys gives every bucket the doc_count the filters compiled one by one give — hot columns,
 * each map's keys, null values, empty arrays, a field stored under two kinds, object names, a field no log holds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSearchRequest } from '../../../query/index.js';
import type { CatalogField, SearchScope } from '../../log-store.js';
import { singleNodeDdl } from '../ddl.js';
import { openRecordingEngine } from '../../../../test/support/recording-engine.js';
import { queryHelpers } from './compile/query-helpers.js';
import { searchRules } from './rules/search-rules.js';
import { createSearchExecutor } from './search-executor.js';

const FROM = Date.UTC(2026, 10, 20);
const field = (name: string, type: CatalogField['type'], more: Partial<CatalogField> = {}): CatalogField => ({
  name,
  type,
  conflictingTypes: [],
  inArrays: false,
  plainText: true,
  ...more,
});
const CATALOG: CatalogField[] = [
  field('host', 'keyword'),
  field('status', 'long'),
  field('env', 'keyword'),
  field('pid', 'long'),
  field('flag', 'boolean'),
  field('tags', 'keyword', { inArrays: true }),
  field('port', 'keyword', { conflictingTypes: ['long'] }),
  field('level', 'keyword', { conflictingTypes: ['long'] }),
  field('kubernetes.pod', 'keyword'),
  field('kubernetes.labels.app', 'keyword'),
  field('ghost', 'keyword'),
];

interface Row {
  readonly message?: string;
  readonly f_host?: string;
  readonly f_status?: number;
  readonly f_level?: string;
  readonly str?: Record<string, string | null>;
  readonly num?: Record<string, number | null>;
  readonly bool?: Record<string, boolean | null>;
  readonly arr?: Record<string, string[]>;
}

/** Rows as the maps can hold them, a null value and an empty array included (the encoder writes neither today). */
const ROWS: Row[] = [
  { message: 'a', f_host: 'web-1', f_status: 200, str: { env: 'prod', port: '80' }, num: { pid: 7 }, arr: { tags: ['x'] } },
  { message: 'b', f_host: 'web-2', str: { env: null, 'kubernetes.pod': 'p1' }, num: { port: 443 }, bool: { flag: false } },
  { message: '', str: { 'kubernetes.labels.app': 'api' }, num: { pid: null, level: 3 }, arr: { tags: [] } },
  {
    message: 'd',
    f_level: 'ERROR',
    str: { port: '8080', env: 'dev' },
    num: { port: 8080 },
    bool: { flag: null },
    arr: { tags: ['y', 'z'] },
  },
  { message: 'e', str: { 'kubernetes.pod': null } },
];

const PRESENCE_FIELDS = [
  'host',
  'status',
  'env',
  'pid',
  'flag',
  'tags',
  'port',
  'level',
  'kubernetes.pod',
  'kubernetes',
  'kubernetes.labels',
  'ghost',
  'nothing',
  'message',
  '@timestamp',
  'env.keyword',
];
/** What `exists` counts in ROWS, field by field (the `kubernetes` object: a key under it, even a null one). */
const EXPECTED = [2, 1, 2, 1, 1, 2, 3, 2, 1, 3, 1, 0, 0, 4, 5, 2];

describe('field presence in one pass (rule field-presence)', () => {
  const engine = openRecordingEngine('field-presence');
  const { transport, recording, statements } = engine;
  const executor = (off: readonly string[]) =>
    createSearchExecutor({
      transport: recording,
      table: 'logs',
      readCatalog: async (ids) => new Map(ids.map((id) => [id, CATALOG])),
      helpers: queryHelpers,
      rules: searchRules(off),
    });
  const on = executor([]);
  const off = executor(['field-presence']);
  const scope: SearchScope = { accounts: [{ accountId: 1, fromMs: FROM }], toMs: FROM + 86_400_000, types: null, filter: null };

  const presence = async (search: typeof on, query: unknown, fields = PRESENCE_FIELDS, extra: object = {}): Promise<unknown> => {
    statements.length = 0;
    const filters = Object.fromEntries(fields.map((name, i) => [String(i), { exists: { field: name } }]));
    const result = await search({
      scope,
      request: parseSearchRequest(
        { query, size: 0, track_total_hits: false, aggs: { present: { filters: { filters, ...extra } } } },
        { now: FROM, profile: 'elasticsearch' },
      ),
      receivedAtMostMs: null,
      after: null,
    });
    return result.aggregations?.present;
  };
  const counts = (answer: unknown): number[] =>
    Object.values((answer as { buckets: Record<string, { doc_count: number }> }).buckets).map((bucket) => bucket.doc_count);

  before(async () => {
    for (const statement of singleNodeDdl()) await transport.exec(statement);
    const lines = ROWS.map((row, i) =>
      JSON.stringify({
        account: 1,
        ts: new Date(FROM + (i + 1) * 1000).toISOString().replace('T', ' ').replace('Z', ''),
        id: `l${i + 1}`,
        type: 'app',
        message: row.message ?? '',
        message_plain: 1,
        fields_plain: 1,
        retention_days: 30,
        f_host: row.f_host ?? null,
        f_status: row.f_status ?? null,
        f_level: row.f_level ?? null,
        str: row.str ?? {},
        num: row.num ?? {},
        bool: row.bool ?? {},
        arr: row.arr ?? {},
        source: JSON.stringify({ message: row.message }),
      }),
    );
    await transport.insertJsonEachRow('logs', Buffer.from(lines.join('\n')));
  });
  after(() => engine.close());

  it('counts every field as the filters compiled one by one do, in one statement over the maps’ keys', async () => {
    const fast = await presence(on, { match_all: {} });
    const oneStatement = [...statements];
    const slow = await presence(off, { match_all: {} });
    assert.deepEqual(counts(fast), EXPECTED);
    assert.deepEqual(fast, slow);
    assert.equal(oneStatement.length, 1);
    const [sql = ''] = oneStatement;
    assert.match(sql, /ARRAY JOIN/);
    assert.match(sql, /str\.values\.null/);
    // No map is looked up field by field: its keys are read once.
    assert.doesNotMatch(sql, /str\['env'\]/);
    assert.doesNotMatch(statements.join('\n'), /str\.values\.null/);
  });

  it('counts among the logs the query matches', async () => {
    const query = { bool: { filter: [{ exists: { field: 'env' } }] } };
    const fast = await presence(on, query);
    assert.deepEqual(fast, await presence(off, query));
    assert.deepEqual(counts(fast), [1, 1, 2, 1, 0, 2, 2, 1, 0, 0, 0, 0, 0, 2, 2, 2]);
    const word = { query_string: { query: 'message:d' } };
    assert.deepEqual(await presence(on, word), await presence(off, word));
  });

  it('answers fields stored in one map alone without a distinct pass, and one asked twice', async () => {
    const fields = ['env', 'pid', 'env'];
    const fast = await presence(on, { match_all: {} }, fields);
    assert.doesNotMatch(statements[0] ?? '', /arrayDistinct/);
    assert.deepEqual(counts(fast), [2, 1, 2]);
    assert.deepEqual(fast, await presence(off, { match_all: {} }, fields));
  });

  it('leaves a filters aggregation with an other bucket or another test to the per-filter statement', async () => {
    const other = await presence(on, { match_all: {} }, ['env', 'ghost'], { other_bucket_key: 'none' });
    assert.doesNotMatch(statements[0] ?? '', /ARRAY JOIN/);
    assert.deepEqual(other, await presence(off, { match_all: {} }, ['env', 'ghost'], { other_bucket_key: 'none' }));
    assert.deepEqual(counts(other), [2, 0, 3]);
  });
});
